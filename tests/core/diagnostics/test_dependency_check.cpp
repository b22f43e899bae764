// The dependency check on small components whose declarations are right, or wrong in one known way each.
#include "core/diagnostics/dependency_check.h"
#include "core/model/meta.h"
#include "core/model/state.h"

#include <doctest/doctest.h>

namespace {

using lied::DependencyFinding;

// y = a + b, declared exactly; with `forget_b` the block reads b without declaring it.
class Adder : public lied::Component {
public:
    bool forget_b = false;
    void metainfo(lied::Meta& meta) override {
        meta.signal(a_, "a");
        meta.signal(b_, "b");
        meta.signal(y_, "y");
        if (forget_b) meta.block<&Adder::eval>(this, "eval", {&a_}, {&y_});
        else meta.block<&Adder::eval>(this, "eval", {&a_, &b_}, {&y_});
    }
    const char* type_name() const override { return "Adder"; }

private:
    void eval() { y_.value() = a_.value() + b_.value(); }
    lied::In<double> a_, b_;
    lied::Out<double> y_;
};

// Writes a second output it does not declare.
class SecretWriter : public lied::Component {
public:
    void metainfo(lied::Meta& meta) override {
        meta.signal(u_, "u");
        meta.signal(y_, "y");
        meta.signal(z_, "z");
        meta.block<&SecretWriter::eval>(this, "eval", {&u_}, {&y_});
    }
    const char* type_name() const override { return "SecretWriter"; }

private:
    void eval() {
        y_.value() = 2 * u_.value();
        z_.value() = 3 * u_.value();
    }
    lied::In<double> u_;
    lied::Out<double> y_, z_;
};

// Counts its calls into its output: memory the engine knows nothing of.
class Counter : public lied::Component {
public:
    void metainfo(lied::Meta& meta) override {
        meta.signal(y_, "y");
        meta.block<&Counter::eval>(this, "eval", {}, {&y_});
    }
    const char* type_name() const override { return "Counter"; }

private:
    void eval() { y_.value() = ++calls_; }
    double calls_ = 0;
    lied::Out<double> y_;
};

// A state and a block of another child reading it through a connection: the declared read of the In covers the Out
// it is bound to.
class Decay : public lied::Component {
public:
    lied::State x{1.0};
    void metainfo(lied::Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.signal(k_, "k");
        meta.block<&Decay::eval>(this, "eval", {&x.value, &k_}, {&x.der});
    }
    const char* type_name() const override { return "Decay"; }
    lied::In<double> k_;

private:
    void eval() { x.der.value() = -k_.value() * x(); }
};
class Gain : public lied::Component {
public:
    lied::Out<double> y;
    void metainfo(lied::Meta& meta) override {
        meta.signal(y, "y");
        meta.block<&Gain::eval>(this, "eval", {}, {&y});
    }
    const char* type_name() const override { return "Gain"; }

private:
    void eval() { y.value() = 0.5; }
};
class Pair : public lied::Component {
public:
    Gain gain;
    Decay decay;
    Pair() { decay.k_.connect(gain.y); }
    void metainfo(lied::Meta& meta) override {
        meta.component(gain, "gain");
        meta.component(decay, "decay");
    }
    const char* type_name() const override { return "Pair"; }
};

}  // namespace

TEST_CASE("dependency check: a block that declares what it reads and writes passes") {
    Adder adder;
    const auto report = lied::check_dependencies(adder, "adder");
    CHECK(report.ok());
    CHECK(report.blocks_checked == 1);
    CHECK(report.unchecked.empty());
}

TEST_CASE("dependency check: an undeclared read is named with the block, the signal and the rule") {
    Adder adder;
    adder.forget_b = true;
    const auto report = lied::check_dependencies(adder, "adder");
    // Unbound Ins share one default; the check gave each a value of its own (else a and b were one slot) and left
    // the default as it was.
    CHECK(lied::In<double>().value() == 0.0);
    REQUIRE(report.findings.size() == 1);
    CHECK(report.findings[0].kind == DependencyFinding::Kind::UndeclaredRead);
    CHECK(report.findings[0].message ==
          "adder.eval reads adder.b without declaring it (rule: a block declares every signal it reads; the schedule orders "
          "blocks by these declarations alone)");
}

TEST_CASE("dependency check: an undeclared write is named") {
    SecretWriter writer;
    const auto report = lied::check_dependencies(writer, "w");
    REQUIRE(report.findings.size() == 1);
    CHECK(report.findings[0].kind == DependencyFinding::Kind::UndeclaredWrite);
    CHECK(report.findings[0].message == "w.eval writes w.z without declaring it (rule: a block declares every signal it writes)");
}

TEST_CASE("dependency check: memory between calls is named") {
    Counter counter;
    const auto report = lied::check_dependencies(counter, "c");
    REQUIRE(report.findings.size() == 1);
    CHECK(report.findings[0].kind == DependencyFinding::Kind::HiddenMemory);
    CHECK(report.findings[0].message.rfind("c.eval gives other outputs from the same inputs on a second call", 0) == 0);
}

TEST_CASE("dependency check: a declared read of a connected In covers the Out it is bound to") {
    Pair pair;
    const auto report = lied::check_dependencies(pair);
    CHECK(report.ok());
    CHECK(report.blocks_checked == 2);
    CHECK(report.signals_perturbed > 0);
}

namespace {
// Inputs in view, one optional, to see where they read after the check.
class Inspectable : public lied::Component {
public:
    lied::In<double> u;
    lied::In<double> k{lied::In<double>::Optional{2.0}};
    lied::Out<double> y;
    void metainfo(lied::Meta& meta) override {
        meta.signal(u, "u");
        meta.signal(k, "k");
        meta.signal(y, "y");
        meta.block<&Inspectable::eval>(this, "eval", {&u, &k}, {&y});
    }
    const char* type_name() const override { return "Inspectable"; }

private:
    void eval() { y.value() = k.value() * u.value(); }
};
}  // namespace

TEST_CASE("dependency check: afterwards every unbound input reads its own fallback again, unchanged") {
    Inspectable c;
    const void* u_reads = c.u.read_address();
    const void* k_reads = c.k.read_address();
    const auto report = lied::check_dependencies(c, "c");
    CHECK(report.ok());
    CHECK(report.blocks_checked == 1);
    CHECK(c.u.read_address() == u_reads);
    CHECK_FALSE(c.u.reads_elsewhere());
    CHECK(c.u.value() == 0.0);
    CHECK(c.k.read_address() == k_reads);
    CHECK_FALSE(c.k.reads_elsewhere());
    CHECK(c.k.value() == 2.0);
}
