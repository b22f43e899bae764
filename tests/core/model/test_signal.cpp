#include "core/model/signal.h"

#include <doctest/doctest.h>

using namespace lied;

TEST_CASE("an In reads the value of the Out it is bound to") {
    Out<double> out(2.5);
    In<double> in;
    CHECK(in.source() == nullptr);
    connect(out, in);
    CHECK(in.source() == &out);
    CHECK(in.value() == 2.5);
    out.value() = -1.0;
    CHECK(in.value() == -1.0);   // bound by reference, not copied
}

TEST_CASE("disconnect unbinds — an optional In falls back to its default") {
    Out<double> out(7.0);
    In<double> elevation{In<double>::Optional{0.25}};
    CHECK(elevation.optional());
    CHECK(elevation.value() == 0.25);
    elevation.connect(out);
    CHECK(elevation.value() == 7.0);
    elevation.disconnect();
    CHECK(elevation.source() == nullptr);
    CHECK(elevation.value() == 0.25);
}

TEST_CASE("binding an In to a second Out is recorded as a conflict, not silently replaced") {
    Out<double> a(1.0), b(2.0);
    In<double> in;
    in.connect(a);
    in.connect(b);
    CHECK(in.source() == &a);
    CHECK(in.conflicting_source() == &b);
    CHECK(in.value() == 1.0);
    in.connect(a);   // re-binding to the same Out is harmless
    in.disconnect();
    CHECK(in.conflicting_source() == nullptr);
}

TEST_CASE("unbound Ins without a fallback read T{}, and an optional In keeps a fallback of its own") {
    In<double> a, b;
    CHECK(a.value() == 0.0);
    CHECK(a.read_address() == b.read_address());   // one shared default, never written: no fallback in every In
    In<double> first{In<double>::Optional{1.5}}, second{In<double>::Optional{1.5}};
    CHECK(first.read_address() != second.read_address());
    CHECK(first.own_address() == first.read_address());
}

TEST_CASE("a conflict stays with its In: another In's conflict, or the In's end, leaves it alone") {
    Out<double> a(1.0), b(2.0), c(3.0);
    In<double> first;
    first.connect(a);
    first.connect(b);
    {
        In<double> second;
        second.connect(a);
        second.connect(c);
        CHECK(second.conflicting_source() == &c);
    }
    CHECK(first.conflicting_source() == &b);
    In<double> clean;
    clean.connect(c);
    CHECK(clean.conflicting_source() == nullptr);
}
