#pragma once
// Stiff contacts: ElastoGap (one-sided, translational) and ElastoBacklash (a shaft with play, rotational), with the
// library's contact law (dialectic_mechanics/contact_law.h).
#include "core/model/meta.h"
#include "dialectic_mechanics/contact_kinks.h"
#include "dialectic_mechanics/contact_law.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace lied::mechanics {

// Common parameters of both contacts.
template <class D>
class ContactOf : public Component {
public:
    DrivenFlange<D> flange_a, flange_b;
    double c = 1e6;   // stiffness, N/mⁿ (N·m/radⁿ)
    double d = 0.0;   // damping, N·s/m^(n+1)
    double n = 1.0;   // exponent (1: linear; 1.5: Hertz)

protected:
    void declare(Meta& meta) {
        meta.plug(flange_a, "flange_a");
        meta.plug(flange_b, "flange_b");
        meta.parameter(c, "c", ParameterSpec::non_negative(D::force_unit + std::string("/") + D::position_unit + "^n", "contact stiffness"));
        meta.parameter(d, "d", ParameterSpec::non_negative(D::force_unit + std::string(".s/") + D::position_unit + "^(n+1)", "contact damping"));
        meta.parameter(n, "n", {"", "exponent of the penetration (1 linear, 1.5 Hertz)", 1.0, 10.0, false});
        meta.variable(penetration_, "penetration", D::position_unit);
        meta.variable(flange_a.f.value(), "f", D::force_unit);
        meta.variable(energy_, "E_pot", "J");
        declare_contact_kinks(meta, clearance_, damping_margin_, D::position_unit);   // free play left (< 0: closed)
        // The elastic part returns what it stores; the damping part loses its force times the rate, ≥ 0.
        meta.stores(Quantity::Energy, energy_, "E_pot");
        meta.dissipates(dissipation_, "contact_damping");
    }
    // After the force: its damping part on flange_a (the force less its elastic part) and the loss it makes.
    void store_damping(double damping_force) { dissipation_ = damping_force * (flange_b.w.value() - flange_a.w.value()); }
    // The elastic energy stored in the contact, c·δ^(n+1)/(n+1) (the damping part dissipates).
    void store_energy() { energy_ = c * std::pow(penetration_, n + 1.0) / (n + 1.0); }
    double penetration_ = 0.0, energy_ = 0.0, dissipation_ = 0.0;
    Out<double> clearance_, damping_margin_;
};

// Translational one-sided contact: a touches b when s_b − s_a < s_rel0 (b is on the +s side of a).
template <class D>
class ElastoGapOf final : public ContactOf<D> {
public:
    double s_rel0 = 0.0;   // distance at touch-down
    void metainfo(Meta& meta) override {
        this->declare(meta);
        meta.parameter(s_rel0, "s_rel0", ParameterSpec::any(D::position_unit, "distance s_b − s_a at which the contact closes"));
        meta.block<&ElastoGapOf::evalForce>(this, "evalForce", {&this->flange_a.s, &this->flange_b.s, &this->flange_a.w, &this->flange_b.w},
                                            {&this->flange_a.f, &this->flange_b.f, &this->clearance_, &this->damping_margin_});
    }
    const char* type_name() const override { return "ElastoGap"; }

private:
    void evalForce() {
        this->clearance_.value() = this->flange_b.s.value() - this->flange_a.s.value() - s_rel0;
        this->penetration_ = std::max(0.0, -this->clearance_.value());
        const double rate = this->flange_a.w.value() - this->flange_b.w.value();
        const double F = contact_force(this->c, this->d, this->n, this->penetration_, rate);
        this->damping_margin_.value() = damping_limit_margin(this->c, this->d, this->penetration_, rate);
        this->flange_a.f.value() = -F;   // pushes a towards −s, b towards +s
        this->flange_b.f.value() = F;
        this->store_energy();
        this->store_damping(-F + (this->penetration_ > 0.0 ? this->c * std::pow(this->penetration_, this->n) : 0.0));
    }
};

// Rotational play: a shaft of stiffness c that transmits torque only when the twist φ_b − φ_a − phi_rel0 leaves
// the backlash [−b/2, b/2].
template <class D>
class ElastoBacklashOf final : public ContactOf<D> {
public:
    double b = 0.0;          // total backlash (rad)
    double phi_rel0 = 0.0;   // twist at the middle of the backlash
    void metainfo(Meta& meta) override {
        this->declare(meta);
        meta.parameter(b, "b", ParameterSpec::non_negative(D::position_unit, "total backlash"));
        meta.parameter(phi_rel0, "phi_rel0", ParameterSpec::any(D::position_unit, "twist at the middle of the backlash"));
        meta.block<&ElastoBacklashOf::evalForce>(this, "evalForce", {&this->flange_a.s, &this->flange_b.s, &this->flange_a.w, &this->flange_b.w},
                                                 {&this->flange_a.f, &this->flange_b.f, &this->clearance_, &this->damping_margin_});
    }
    const char* type_name() const override { return "ElastoBacklash"; }

private:
    void evalForce() {
        const double twist = this->flange_b.s.value() - this->flange_a.s.value() - phi_rel0;
        const double twist_rate = this->flange_b.w.value() - this->flange_a.w.value();
        const double sign = twist >= 0.0 ? 1.0 : -1.0;
        this->clearance_.value() = 0.5 * b - std::abs(twist);
        this->penetration_ = std::max(0.0, -this->clearance_.value());
        const double tau = sign * contact_force(this->c, this->d, this->n, this->penetration_, sign * twist_rate);
        this->damping_margin_.value() = damping_limit_margin(this->c, this->d, this->penetration_, twist_rate);
        this->flange_a.f.value() = tau;   // a twisted behind b is pulled forward
        this->flange_b.f.value() = -tau;
        this->store_energy();
        this->store_damping(tau - (this->penetration_ > 0.0 ? sign * this->c * std::pow(this->penetration_, this->n) : 0.0));
    }
};

}  // namespace lied::mechanics
