#pragma once
// The 1D dialectic flange pair (docs/user-guide/dialectic-mechanics.md). Positions travel from the root of a chain outwards, forces
// travel back:
//  - DrivingFlange belongs to what determines a position (a mass with its own degree of freedom, a fixed point,
//    a prescribed motion, a gear's output). It sends the position s, its velocity w = ds/dt and the elastic
//    velocity v = w + T_D·dw/dt (a tearing variable or computed from one), and adds up the forces of everything
//    attached.
//    Any number of elements may attach to one driving flange (as any number of Modelica connections may).
//  - DrivenFlange belongs to what reads positions and returns a force (springs, dampers, contacts, applied
//    forces, sensors, a gear's input). It sends f, the force its element exerts on the driving flange's owner,
//    positive in the direction of increasing s.
// A connection joins one of each. Two driving flanges cannot be joined: a chain has one root (a position comes
// from one place); a compliant element goes between two roots.
#include "core/model/plug.h"
#include "core/model/summed_inputs.h"
#include "dialectic_mechanics/kinematic_rules.h"

#include <memory>
#include <string>
#include <vector>

namespace lied::mechanics {

// What tells translational from rotational: names, units, the words in messages.
struct Translational {
    static constexpr const char* domain = "translational";
    static constexpr const char* position_unit = "m";
    static constexpr const char* velocity_unit = "m/s";
    static constexpr const char* force_unit = "N";
    static constexpr const char* inertia_unit = "kg";
    static constexpr const char* position_word = "position";
    static constexpr const char* force_word = "force";
    static constexpr const char* applied_input = "F";
};
struct Rotational {
    static constexpr const char* domain = "rotational";
    static constexpr const char* position_unit = "rad";
    static constexpr const char* velocity_unit = "rad/s";
    static constexpr const char* force_unit = "N.m";
    static constexpr const char* inertia_unit = "kg.m2";
    static constexpr const char* position_word = "angle";
    static constexpr const char* force_word = "torque";
    static constexpr const char* applied_input = "tau";
};

template <class D>
class DrivenFlange;

template <class D>
class DrivingFlange final : public Plug {
public:
    Out<double> s;   // position (angle)
    Out<double> v;   // elastic velocity, w + T_D·dw/dt (affine in the tearing variables)
    Out<double> w;   // velocity, ds/dt

    // Σ of the forces the attached elements exert on this flange's owner.
    double force() const { return forces_.sum(); }
    // The force signals, for a block's read list (one per attached element).
    void append_force_signals(std::vector<const SignalBase*>& list) const { forces_.append_signals(list); }

    void members(const MemberVisitor& visit) override {
        visit(s, "s");
        visit(v, "v");
        visit(w, "w");
        forces_.visit(visit, "f");
    }
    const char* kind() const override { return kind_text().c_str(); }
    const char* domain() const override { return D::domain; }
    bool is_outlet() const override { return true; }
    bool accepts_many() const override { return true; }
    const char* loop_rule() const override { return kKinematicLoopRule; }
    std::string same_side_rule() const override {
        return std::string("joining two driving flanges gives one chain two roots, or closes a kinematic loop rigidly (rule: one root per "
                           "chain and ") + kKinematicLoopRule + "; put a spring or a gap between two bodies that each determine their own " +
               D::position_word + ", or carry one rigidly on the other (CarriedMass, CarriedInertia))";
    }
    void connect_to(Plug& other) override;
    void disconnect_from(Plug& other) override;   // also drops the force input it kept for `other`

private:
    static const std::string& kind_text() {
        static const std::string text = std::string(D::domain) + " driving flange (sends " + D::position_word + ")";
        return text;
    }
    template <class E>
    friend void connect(DrivingFlange<E>& driving, DrivenFlange<E>& driven);
    template <class E>
    friend void disconnect(DrivingFlange<E>& driving, DrivenFlange<E>& driven);
    SummedInputs<double> forces_;   // one per attached element
};

template <class D>
class DrivenFlange final : public Plug {
public:
    In<double> s, v, w;
    Out<double> f;   // force this element exerts on the driving flange's owner, along +s

    const char* loop_rule() const override { return kKinematicLoopRule; }
    void members(const MemberVisitor& visit) override {
        visit(s, "s");
        visit(v, "v");
        visit(w, "w");
        visit(f, "f");
    }
    const char* kind() const override { return kind_text().c_str(); }
    const char* domain() const override { return D::domain; }
    bool is_outlet() const override { return false; }
    std::string same_side_rule() const override {
        return std::string("a driven flange reads its ") + D::position_word +
               " from a driving flange (a mass, a fixed point, a prescribed motion); two driven flanges have no position to share";
    }
    void connect_to(Plug& other) override {
        auto* driving = dynamic_cast<DrivingFlange<D>*>(&other);
        if (!driving) throw std::invalid_argument(std::string("a ") + kind() + " connects to a " + D::domain + " driving flange, not a " + other.kind());
        connect(*driving, *this);
    }
    void disconnect_from(Plug& other) override {
        if (auto* driving = dynamic_cast<DrivingFlange<D>*>(&other)) disconnect(*driving, *this);
    }

private:
    static const std::string& kind_text() {
        static const std::string text = std::string(D::domain) + " driven flange (sends " + D::force_word + ")";
        return text;
    }
};

template <class D>
void connect(DrivingFlange<D>& driving, DrivenFlange<D>& driven) {
    driven.s.connect(driving.s);
    driven.v.connect(driving.v);
    driven.w.connect(driving.w);
    driving.forces_.attach(driven.f);
}

template <class D>
void disconnect(DrivingFlange<D>& driving, DrivenFlange<D>& driven) {
    driving.forces_.detach(driven.f);
    driven.s.disconnect();
    driven.v.disconnect();
    driven.w.disconnect();
}

template <class D>
void DrivingFlange<D>::disconnect_from(Plug& other) {
    if (auto* driven = dynamic_cast<DrivenFlange<D>*>(&other)) disconnect(*this, *driven);
}

template <class D>
void DrivingFlange<D>::connect_to(Plug& other) {
    auto* driven = dynamic_cast<DrivenFlange<D>*>(&other);
    if (!driven) throw std::invalid_argument(std::string("a ") + kind() + " connects to a " + D::domain + " driven flange, not a " + other.kind());
    connect(*this, *driven);
}

}  // namespace lied::mechanics
