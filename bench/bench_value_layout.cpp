// Where should signal values live (docs/notes/scale-decisions.md)? A prototype to measure before the libraries move:
// the chain's equations (bench/hand_written_chain.h, without the fluid property call) evaluated with the engine's
// calling convention — one indirect call per block, three blocks per element in the order the engine schedules
// them (all flow copies downstream, all pressure drops downstream, all inertial pressures upstream) — varying
// only where the values live:
//  - ValuesInObjects/608: each element an object the size of a PressureDrop, its outputs and the pointers to its
//    inputs spread over it as a PressureDrop's are (the engine today);
//  - ValuesInObjects/352, /248, /96: the same fields spread over smaller objects (352: about what a PressureDrop
//    would be with signals stripped to their value, an input's address and fallback, and one header word);
//  - ValuesEngineOwnedInLargeObjects/608: the values in engine-owned arrays, but each element still a
//    PressureDrop-sized object holding the address of each value where a PressureDrop holds the signal;
//  - ValuesEngineOwned: the values in arrays the engine owns, in schedule order; an element keeps its parameters
//    and the index of its slot;
//  - ValuesEngineOwnedBatched: the same, each run of one block function started with one indirect call.
// HandChainEvaluate (bench_scale.cpp) is the floor, Evaluate/chain the engine.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <vector>

namespace {

constexpr double kRho = 1000.0, kPMin = 1.0;

struct Block {
    void* object;
    void (*function)(void*);
};

// Parameters as make_chain sets them.
double dp_ref_of(int i, int n) { return 1000.0 / n * (1 + i % 3); }
double inertance_of(int i, int n) { return 100.0 / n * (1 + i % 5); }

// The fields of one element, each eight bytes, at `Stride` bytes from each other.
enum Field { kFlowIn, kPressureIn, kInertialDown, kFlowOut, kPressureOut, kInertialOut, kCorrection, kVRef, kDpRef, kL, kFields };

template <std::size_t Size>
struct alignas(64) ObjectElement {
    static constexpr std::size_t kStride = Size / kFields / 8 * 8;
    // One field and the cold bytes after it (each slot holds a value or an input pointer, never both).
    union Slot {
        double value;
        const double* input;
        unsigned char bytes[kStride];
    };
    Slot slots[kFields]{};
    unsigned char tail[Size - kFields * kStride]{};
    double& value(Field f) { return slots[f].value; }
    const double*& input(Field f) { return slots[f].input; }
    const double* der_flow = nullptr;   // the tearing variable

    static void flow(void* o) {
        auto& e = *static_cast<ObjectElement*>(o);
        e.value(kFlowOut) = *e.input(kFlowIn);
    }
    static void pressure(void* o) {
        auto& e = *static_cast<ObjectElement*>(o);
        const double vn = *e.input(kFlowIn) / kRho / e.value(kVRef);
        const double dp = 0.5 * e.value(kDpRef) * (vn + vn * std::abs(vn));
        const double p_in = *e.input(kPressureIn);
        e.value(kPressureOut) = std::max(kPMin, p_in - dp);
        e.value(kCorrection) = e.value(kPressureOut) - (p_in - dp);
    }
    static void inertial(void* o) {
        auto& e = *static_cast<ObjectElement*>(o);
        e.value(kInertialOut) = *e.input(kInertialDown) + e.value(kL) * *e.der_flow + e.value(kCorrection);
    }
};

struct Ends {   // the source's outputs and the sink's inertial pressure
    double m_flow = 0.2, pressure = 1e5 + kRho * 9.81 * 2.0, sink_r = 1e5 + kRho * 9.81 * 1.0, der_flow = 0.0;
};

template <std::size_t Size>
void ValuesInObjects(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    Ends ends;
    std::vector<std::unique_ptr<ObjectElement<Size>>> elements;
    for (int i = 0; i < n; ++i) {
        auto e = std::make_unique<ObjectElement<Size>>();
        e->value(kVRef) = 0.01;
        e->value(kDpRef) = dp_ref_of(i, n);
        e->value(kL) = inertance_of(i, n);
        e->der_flow = &ends.der_flow;
        elements.push_back(std::move(e));
    }
    for (int i = 0; i < n; ++i) {
        auto& e = *elements[static_cast<std::size_t>(i)];
        e.input(kFlowIn) = i == 0 ? &ends.m_flow : &elements[static_cast<std::size_t>(i - 1)]->value(kFlowOut);
        e.input(kPressureIn) = i == 0 ? &ends.pressure : &elements[static_cast<std::size_t>(i - 1)]->value(kPressureOut);
        e.input(kInertialDown) = i + 1 == n ? &ends.sink_r : &elements[static_cast<std::size_t>(i + 1)]->value(kInertialOut);
    }
    std::vector<Block> schedule;
    for (auto& e : elements) schedule.push_back({e.get(), &ObjectElement<Size>::flow});
    for (auto& e : elements) schedule.push_back({e.get(), &ObjectElement<Size>::pressure});
    for (auto it = elements.rbegin(); it != elements.rend(); ++it) schedule.push_back({it->get(), &ObjectElement<Size>::inertial});
    for (auto _ : state) {
        for (const Block& b : schedule) b.function(b.object);
        benchmark::DoNotOptimize(elements.front()->value(kInertialOut));
    }
    state.counters["bytes_per_element"] = static_cast<double>(sizeof(ObjectElement<Size>));
}

// Values owned by the engine, one array per block kind in schedule order; an element holds its parameters and
// its slot (the index of its outputs; its inputs are the neighbours' slots, as the engine would bind them).
struct Values {
    std::vector<double> m_flow, pressure, correction, inertial;
    double der_flow = 0.0;
};
struct OwnedElement {
    Values* values;
    int slot;
    double v_ref, dp_ref, L;

    static void flow(void* o) {
        auto& e = *static_cast<OwnedElement*>(o);
        e.values->m_flow[static_cast<std::size_t>(e.slot) + 1] = e.values->m_flow[static_cast<std::size_t>(e.slot)];
    }
    static void pressure(void* o) {
        auto& e = *static_cast<OwnedElement*>(o);
        Values& v = *e.values;
        const auto k = static_cast<std::size_t>(e.slot);
        const double vn = v.m_flow[k] / kRho / e.v_ref;
        const double dp = 0.5 * e.dp_ref * (vn + vn * std::abs(vn));
        const double p_in = v.pressure[k];
        v.pressure[k + 1] = std::max(kPMin, p_in - dp);
        v.correction[k] = v.pressure[k + 1] - (p_in - dp);
    }
    static void inertial(void* o) {
        auto& e = *static_cast<OwnedElement*>(o);
        Values& v = *e.values;
        const auto k = static_cast<std::size_t>(e.slot);
        v.inertial[k] = v.inertial[k + 1] + e.L * v.der_flow + v.correction[k];
    }
};

// The values and the elements that point into them (not movable: the elements keep the address of `values`).
struct OwnedChain {
    explicit OwnedChain(int n) {
        const auto size = static_cast<std::size_t>(n) + 1;
        values = {std::vector<double>(size, 0.2), std::vector<double>(size, 1e5 + kRho * 9.81 * 2.0), std::vector<double>(size, 0.0),
                  std::vector<double>(size, 1e5 + kRho * 9.81 * 1.0)};
        for (int i = 0; i < n; ++i) elements.push_back(std::make_unique<OwnedElement>(OwnedElement{&values, i, 0.01, dp_ref_of(i, n), inertance_of(i, n)}));
    }
    OwnedChain(const OwnedChain&) = delete;
    OwnedChain& operator=(const OwnedChain&) = delete;
    Values values;
    std::vector<std::unique_ptr<OwnedElement>> elements;
};

void ValuesEngineOwned(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    OwnedChain chain(n);
    Values& values = chain.values;
    const auto& elements = chain.elements;
    std::vector<Block> schedule;
    for (auto& e : elements) schedule.push_back({e.get(), &OwnedElement::flow});
    for (auto& e : elements) schedule.push_back({e.get(), &OwnedElement::pressure});
    for (auto it = elements.rbegin(); it != elements.rend(); ++it) schedule.push_back({it->get(), &OwnedElement::inertial});
    for (auto _ : state) {
        for (const Block& b : schedule) b.function(b.object);
        benchmark::DoNotOptimize(values.inertial.front());
    }
    state.counters["bytes_per_element"] = static_cast<double>(sizeof(OwnedElement) + 4 * sizeof(double));
}

// Values owned by the engine as in ValuesEngineOwned, but each element as large and as spread out as a
// PressureDrop, holding the address of every value it reads or writes where a PressureDrop holds its signals:
// engine-owned storage behind today's components (an Out keeping the address of its slot).
template <std::size_t Size>
struct alignas(64) HandleElement {
    static constexpr std::size_t kStride = Size / kFields / 8 * 8;
    union Slot {
        double* out;
        const double* input;
        double parameter;
        unsigned char bytes[kStride];
    };
    Slot slots[kFields]{};
    unsigned char tail[Size - kFields * kStride]{};
    const double* der_flow = nullptr;

    static void flow(void* o) {
        auto& e = *static_cast<HandleElement*>(o);
        *e.slots[kFlowOut].out = *e.slots[kFlowIn].input;
    }
    static void pressure(void* o) {
        auto& e = *static_cast<HandleElement*>(o);
        const double vn = *e.slots[kFlowIn].input / kRho / e.slots[kVRef].parameter;
        const double dp = 0.5 * e.slots[kDpRef].parameter * (vn + vn * std::abs(vn));
        const double p_in = *e.slots[kPressureIn].input;
        double& p_out = *e.slots[kPressureOut].out;
        p_out = std::max(kPMin, p_in - dp);
        *e.slots[kCorrection].out = p_out - (p_in - dp);
    }
    static void inertial(void* o) {
        auto& e = *static_cast<HandleElement*>(o);
        *e.slots[kInertialOut].out = *e.slots[kInertialDown].input + e.slots[kL].parameter * *e.der_flow + *e.slots[kCorrection].out;
    }
};

template <std::size_t Size>
void ValuesEngineOwnedInLargeObjects(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const auto size = static_cast<std::size_t>(n) + 1;
    Values v{std::vector<double>(size, 0.2), std::vector<double>(size, 1e5 + kRho * 9.81 * 2.0), std::vector<double>(size, 0.0),
             std::vector<double>(size, 1e5 + kRho * 9.81 * 1.0)};
    std::vector<std::unique_ptr<HandleElement<Size>>> elements;
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        auto e = std::make_unique<HandleElement<Size>>();
        e->slots[kVRef].parameter = 0.01;
        e->slots[kDpRef].parameter = dp_ref_of(i, n);
        e->slots[kL].parameter = inertance_of(i, n);
        e->der_flow = &v.der_flow;
        e->slots[kFlowIn].input = &v.m_flow[k];
        e->slots[kFlowOut].out = &v.m_flow[k + 1];
        e->slots[kPressureIn].input = &v.pressure[k];
        e->slots[kPressureOut].out = &v.pressure[k + 1];
        e->slots[kCorrection].out = &v.correction[k];
        e->slots[kInertialDown].input = &v.inertial[k + 1];
        e->slots[kInertialOut].out = &v.inertial[k];
        elements.push_back(std::move(e));
    }
    std::vector<Block> schedule;
    for (auto& e : elements) schedule.push_back({e.get(), &HandleElement<Size>::flow});
    for (auto& e : elements) schedule.push_back({e.get(), &HandleElement<Size>::pressure});
    for (auto it = elements.rbegin(); it != elements.rend(); ++it) schedule.push_back({it->get(), &HandleElement<Size>::inertial});
    for (auto _ : state) {
        for (const Block& b : schedule) b.function(b.object);
        benchmark::DoNotOptimize(v.inertial.front());
    }
    state.counters["bytes_per_element"] = static_cast<double>(sizeof(HandleElement<Size>));
}

// As ValuesEngineOwned, but each run of one block function (all flow copies, …) is one indirect call to a loop
// with the member function inlined: what batching same-kind neighbours would add to engine-owned values.
template <void (*Function)(void*)>
void run_batch(void* const* objects, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) Function(objects[i]);
}

void ValuesEngineOwnedBatched(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    OwnedChain chain(n);
    Values& values = chain.values;
    const auto& elements = chain.elements;
    std::vector<void*> downstream, upstream;
    for (auto& e : elements) downstream.push_back(e.get());
    upstream.assign(downstream.rbegin(), downstream.rend());
    struct Run {
        void (*batch)(void* const*, std::size_t);
        const std::vector<void*>* objects;
    };
    const std::vector<Run> runs{{&run_batch<&OwnedElement::flow>, &downstream},
                                {&run_batch<&OwnedElement::pressure>, &downstream},
                                {&run_batch<&OwnedElement::inertial>, &upstream}};
    for (auto _ : state) {
        for (const Run& r : runs) r.batch(r.objects->data(), r.objects->size());
        benchmark::DoNotOptimize(values.inertial.front());
    }
}

}  // namespace

BENCHMARK(ValuesInObjects<608>)->RangeMultiplier(100)->Range(1000, 100000);
BENCHMARK(ValuesInObjects<352>)->RangeMultiplier(100)->Range(1000, 100000);
BENCHMARK(ValuesInObjects<248>)->RangeMultiplier(100)->Range(1000, 100000);
BENCHMARK(ValuesInObjects<96>)->RangeMultiplier(100)->Range(1000, 100000);
BENCHMARK(ValuesEngineOwnedInLargeObjects<608>)->RangeMultiplier(100)->Range(1000, 100000);
BENCHMARK(ValuesEngineOwned)->RangeMultiplier(100)->Range(1000, 100000);
BENCHMARK(ValuesEngineOwnedBatched)->RangeMultiplier(100)->Range(1000, 100000);
