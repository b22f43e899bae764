#pragma once
// A block is one member function of a component, called through a plain function pointer made by a
// template trampoline: one indirect call, no std::function, no allocation.
namespace lied {

struct Block {
    void* object = nullptr;
    void (*function)(void*) = nullptr;
    void operator()() const { function(object); }
};

template <auto Method, class C>
Block make_block(C* object) {
    return Block{object, [](void* o) { (static_cast<C*>(o)->*Method)(); }};
}

}  // namespace lied
