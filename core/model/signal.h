#pragma once
// Signals: value slots with exactly one writer. An Out owns its value; an In reads the value of the one Out
// it is bound to. Identity (the address) is what the crawler uses to build the dependency graph.
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <string>

namespace lied {

class SignalBase {
public:
    enum class Direction : unsigned char { In, Out };
    explicit SignalBase(Direction d) : direction_(d) {}
    SignalBase(const SignalBase&) = delete;             // identity matters: never copy a signal
    SignalBase& operator=(const SignalBase&) = delete;
    virtual ~SignalBase() = default;
    Direction direction() const { return direction_; }
    bool is_in() const { return direction_ == Direction::In; }
    // The rule of the value type printed when this signal closes an algebraic loop. A plug's members follow the
    // plug's rule instead where it has one (Plug::loop_rule, e.g. "every flow loop needs a volume"): the model
    // knows which plug a signal belongs to (Model::loop_rule_of).
    virtual const char* type_loop_rule() const = 0;
    // The kind of value carried ("real", "fluid state"), for messages about mismatched connections.
    virtual const char* type_name() const = 0;

protected:
    // The object holds what an evaluation touches and little else: every byte here is repeated in every signal of a
    // large network and passes through the caches at each evaluation. What only the crawl or a message needs lives
    // in the model (the loop rule) or beside the object (a second source offered to an In, which is an error).
    Direction direction_;
    // An In only: it reads the value of the Out its source passes through (see InBase::read_at).
    bool reads_elsewhere_ = false;
    bool optional_ = false;      // an In only: it may stay unbound and then reads its fallback
    bool conflicted_ = false;    // an In only: a second Out was offered while bound (kept beside it, see InBase)

private:
    friend struct Model;
    // The index this signal got in the model that crawled it last: a hint that makes Model::signal_index one
    // load instead of a hash lookup (the model confirms it).
    mutable int index_hint_ = -1;
};

// Extension point: a domain can give its signal type a more specific loop rule.
template <class T>
struct SignalTraits {
    static constexpr const char* loop_rule = "every cycle of blocks must pass through a state or a tearing variable";
    static constexpr const char* type_name = "value";
};
template <>
struct SignalTraits<double> {
    static constexpr const char* loop_rule = "every cycle of blocks must pass through a state or a tearing variable";
    static constexpr const char* type_name = "real";
};

class OutBase : public SignalBase {
public:
    OutBase() : SignalBase(Direction::Out) {}
    // For diagnosis outside the step path: is every number in the value finite, and the value as text.
    virtual bool finite() const = 0;
    virtual std::string value_text() const = 0;
    // The value's address if it is a real number (an Out<double>), else null: what dynamic_cast would answer,
    // at the cost of one virtual call (the engine asks it for every output of a large network at each build).
    virtual const double* real_value() const { return nullptr; }
    // The value's address, whatever its type (the engine points readers of a passed-through Out at it).
    virtual const void* value_address() const = 0;
};

// A value type is checked for finiteness through SignalTraits<T>::finite(value) where the traits give one
// (a fluid state checks p and h); types without it count as finite.
template <class T>
bool signal_value_finite(const T& v) {
    if constexpr (requires { SignalTraits<T>::finite(v); }) return SignalTraits<T>::finite(v);
    else if constexpr (std::is_floating_point_v<T>) return std::isfinite(v);
    else return true;
}
template <class T>
std::string signal_value_text(const T& v) {
    if constexpr (requires { SignalTraits<T>::text(v); }) return SignalTraits<T>::text(v);
    else if constexpr (requires(std::ostream& o) { o << v; }) {
        std::ostringstream s;
        s << v;
        return s.str();
    } else return "(" + std::string(SignalTraits<T>::type_name) + ")";
}

template <class T>
class Out : public OutBase {
public:
    Out() = default;
    explicit Out(const T& initial) : value_(initial) {}
    // The value, read and written through this accessor only: where it lives is the engine's business.
    T& value() { return value_; }
    const T& value() const { return value_; }
    const char* type_name() const override { return SignalTraits<T>::type_name; }
    bool finite() const override { return signal_value_finite(value_); }
    std::string value_text() const override { return signal_value_text(value_); }
    const double* real_value() const override {
        if constexpr (std::is_same_v<T, double>) return &value_;
        else return nullptr;
    }
    const void* value_address() const override { return &value_; }
    const char* type_loop_rule() const override { return SignalTraits<T>::loop_rule; }

private:
    T value_{};
};

class InBase : public SignalBase {
public:
    InBase() : SignalBase(Direction::In) {}
    ~InBase() override { forget_conflict(); }
    virtual const OutBase* source() const = 0;
    // A second Out offered while bound: kept so the crawler can name both (rule: one Out per In). Rare, so it is
    // kept beside the object (core/model/signal.cpp), not in every In.
    const OutBase* conflicting_source() const;
    bool optional() const { return optional_; }
    virtual void disconnect() = 0;
    // Binds to `out` if it carries the same type of value; false (and unchanged) otherwise.
    virtual bool connect_any(const OutBase& out) = 0;

    // For the engine's alias elimination (Meta::pass_through): when the Out this In is bound to only passes on
    // another value, the In reads that value directly, at `address` (a value of its own type, which equals its
    // source's whenever a block reads it). read_own_source() undoes it; so do connect() and disconnect(), and the
    // crawl when it registers the In again (so that metainfo sees the In's own source). Two plain stores, no
    // virtual call: a large model's rebuild points tens of thousands of Ins, scattered through the components.
    void read_at(const void* address) {
        read_ = address;
        reads_elsewhere_ = true;
    }
    void read_own_source() { read_own(own_address()); }
    // What the In reads when it reads its own source: the source's value, or its fallback while unbound.
    virtual const void* own_address() const = 0;
    bool reads_elsewhere() const { return reads_elsewhere_; }
    const void* read_address() const { return read_; }

protected:
    // Where the value read lives: the source's value, the fallback, or what a pass-through hands on. Kept here,
    // untyped, so that the engine can set it without knowing the type; In<T> reads it as a T.
    const void* read_ = nullptr;
    void read_own(const void* own) {
        read_ = own;
        reads_elsewhere_ = false;
    }
    void remember_conflict(const OutBase* second);
    void forget_conflict() {
        if (conflicted_) forget_conflict_slow();
    }

private:
    void forget_conflict_slow();
};

// An In bound to exactly one Out<T>. An optional In reads its own fallback value while unbound
// (e.g. a tank's elevation input defaults to 0).
template <class T>
class In : public InBase {
public:
    In() : fallback_(&default_value()) { read_ = fallback_; }
    struct Optional { T fallback; };
    // An optional In owns its fallback (on the heap: most Ins have none, and every byte of an In counts at scale).
    explicit In(Optional o) : fallback_(new T(o.fallback)) {
        optional_ = true;
        read_ = fallback_;
    }
    ~In() override {
        if (optional_) delete fallback_;
    }

    const T& value() const { return *static_cast<const T*>(read_); }

    void connect(const Out<T>& out) {
        if (source_ && source_ != &out) {
            remember_conflict(&out);   // reported by the crawler with both names
            return;
        }
        source_ = &out;
        read_own(&out.value());
    }
    void disconnect() override {
        source_ = nullptr;
        forget_conflict();
        read_own(fallback_);
    }
    const void* own_address() const override { return own(); }
    bool connect_any(const OutBase& out) override {
        auto* typed = dynamic_cast<const Out<T>*>(&out);
        if (!typed) return false;
        connect(*typed);
        return true;
    }
    const char* type_name() const override { return SignalTraits<T>::type_name; }
    const char* type_loop_rule() const override { return SignalTraits<T>::loop_rule; }
    const OutBase* source() const override { return source_; }

private:
    // What an unbound In reads that has no fallback of its own: T{}, shared by all of them and never written.
    static const T& default_value() {
        static const T value{};
        return value;
    }
    const T* own() const { return source_ ? &source_->value() : fallback_; }
    const Out<T>* source_ = nullptr;
    const T* fallback_;
};

template <class T>
void connect(const Out<T>& out, In<T>& in) { in.connect(out); }

// The Out a block's read refers to: an In resolves to its source (nullptr while an optional In is unbound).
inline const OutBase* resolved_out(const SignalBase* s) {
    if (s->is_in()) return static_cast<const InBase*>(s)->source();
    return static_cast<const OutBase*>(s);
}

}  // namespace lied
