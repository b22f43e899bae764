// Air: SimpleAir against its constants, DryAirNasa against tabulated air (Incropera & DeWitt, Fundamentals of
// Heat and Mass Transfer, Table A.4, 1 atm) and the NASA polynomials' own reference point, MoistAir against
// psychrometrics, CombustionAir against nitrogen and oxygen tabulated in the same table and its polynomials' reference
// points.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/media/combustion_air.h"
#include "thermofluid/media/ideal_gas_air.h"
#include "thermofluid/media/moist_air.h"
#include "thermofluid/media/nasa_polynomial.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

using namespace lied::thermofluid;

TEST_CASE("SimpleAir: constant cp, ideal-gas density, h = cp·(T − 298.15 K)") {
    SimpleAir air;
    const double h = air.specific_enthalpy(1e5, 350.0, nullptr);
    CHECK(h == doctest::Approx(1005.45 * (350.0 - 298.15)));
    const MediumProperties m = air.at(1e5, h);
    REQUIRE(m.valid);
    CHECK(m.T == doctest::Approx(350.0));
    CHECK(m.rho == doctest::Approx(1e5 / (287.0512 * 350.0)).epsilon(1e-6));
    CHECK(m.drho_dp_h == doctest::Approx(m.rho / 1e5));
    CHECK(!air.at(1e5, air.specific_enthalpy(1e5, 499.0, nullptr) + 2e3).valid);
}

TEST_CASE("DryAirNasa: the NASA coefficients reproduce their reference enthalpies, and air's tabulated properties") {
    // By construction h(298.15 K) = H0 (enthalpy of formation excluded, zero at 0 K): this checks every
    // coefficient of the low-temperature set at once.
    // The data have 9 to 10 digits, so the check holds to 1e-5 of the enthalpy of formation it cancels.
    for (const NasaCoefficients* c : {&nasa_air(), &nasa_steam()})
        CHECK(std::abs(nasa_h(*c, 298.15) - c->H0) <= 1e-5 * std::max(std::abs(c->Hf), c->H0));
    // The two sets meet at 1000 K (continuity of cp and h to the data's precision).
    CHECK(nasa_cp(nasa_air(), 999.9999) == doctest::Approx(nasa_cp(nasa_air(), 1000.0)).epsilon(1e-4));
    CHECK(nasa_h(nasa_air(), 999.9999) == doctest::Approx(nasa_h(nasa_air(), 1000.0)).epsilon(1e-5));
    DryAirNasa air;
    // Incropera Table A.4: T, ρ (its densities are p/(R·T) at 1 bar), cp, μ, λ. cp within 0.5 % (the table's 4 digits and air's small
    // departure from an ideal gas), μ and λ within 3 % (two data sets: Incropera's and the VDI-Wärmeatlas, which Modelica's fits follow).
    struct Row {
        double T, rho, cp, mu, lambda;
    };
    for (Row r : {Row{250, 1.3947, 1006, 159.6e-7, 22.3e-3}, Row{300, 1.1614, 1007, 184.6e-7, 26.3e-3}, Row{400, 0.8711, 1014, 230.1e-7, 33.8e-3},
                  Row{600, 0.5804, 1051, 305.8e-7, 46.9e-3}, Row{800, 0.4354, 1099, 369.8e-7, 57.3e-3}}) {
        CAPTURE(r.T);
        const MediumProperties m = air.at(1e5, air.specific_enthalpy(1e5, r.T, nullptr));
        REQUIRE(m.valid);
        CHECK(m.T == doctest::Approx(r.T).epsilon(1e-10));
        CHECK(m.rho == doctest::Approx(r.rho).epsilon(2e-3));
        CHECK(m.cp == doctest::Approx(r.cp).epsilon(5e-3));
        CHECK(m.mu == doctest::Approx(r.mu).epsilon(3e-2));
        CHECK(m.lambda == doctest::Approx(r.lambda).epsilon(3e-2));
    }
    // Modelica's fits (as ThermofluidStream computes them): at 0 °C their constant terms, 17.2393 µPa·s and 24.1695 mW/(m·K);
    // at 20 °C 18.2 µPa·s, 0.55 % above Sutherland's law with White's constants, which Lied used before.
    const MediumProperties zero = air.at(1e5, air.specific_enthalpy(1e5, 273.15, nullptr));
    CHECK(zero.mu == doctest::Approx(17.239260139242528e-6).epsilon(1e-12));
    CHECK(zero.lambda == doctest::Approx(24.169481088097051e-3).epsilon(1e-12));
    const double mu_20 = air.at(1e5, air.specific_enthalpy(1e5, 293.15, nullptr)).mu;
    const double sutherland_20 = 1.716e-5 * std::pow(293.15 / 273.15, 1.5) * (273.15 + 110.4) / (293.15 + 110.4);
    CHECK(mu_20 / sutherland_20 - 1 == doctest::Approx(0.0055).epsilon(0.05));
    // cp is the derivative of h.
    const double dh = (air.specific_enthalpy(1e5, 500.001, nullptr) - air.specific_enthalpy(1e5, 499.999, nullptr)) / 0.002;
    CHECK(dh == doctest::Approx(air.at(1e5, air.specific_enthalpy(1e5, 500, nullptr)).cp).epsilon(1e-7));
}

TEST_CASE("MoistAir: psychrometric enthalpy, saturation and the refusal to condense") {
    MoistAir air;
    // 25 °C, humidity ratio W = 0.01 kg/kg dry air: ASHRAE's h = 1.006·t + W·(2501 + 1.86·t) kJ/kg dry air.
    const double W = 0.01, X = W / (1 + W), t = 25.0;
    const double h = air.specific_enthalpy(101325, 273.15 + t, &X);
    CHECK(h == doctest::Approx((1.006 * t + W * (2501 + 1.86 * t)) * 1e3 / (1 + W)).epsilon(3e-3));
    const MediumProperties m = air.at(101325, h, &X);
    REQUIRE(m.valid);
    CHECK(m.T == doctest::Approx(298.15).epsilon(1e-10));
    // Saturation pressure over water at 25 °C (IF97: 3.1699 kPa) and over ice at 230 K (IAPWS 2011: 8.94735 Pa).
    CHECK(MoistAir::saturation_pressure(298.15) == doctest::Approx(3169.9).epsilon(1e-4));
    CHECK(MoistAir::saturation_pressure(230.0) == doctest::Approx(8.94735).epsilon(1e-5));
    // The saturated humidity ratio at 25 °C and 1 atm: W_s = 0.622·p_s/(p − p_s) = 0.02009 (molar mass ratio 0.622).
    const double ps = MoistAir::saturation_pressure(298.15);
    const double Ws = 0.62198 * ps / (101325 - ps);
    CHECK(MoistAir::relative_humidity(101325, 298.15, Ws / (1 + Ws)) == doctest::Approx(1.0).epsilon(1e-4));
    CHECK(MoistAir::relative_humidity(101325, 298.15, X) == doctest::Approx(W / Ws * (0.62198 + Ws) / (0.62198 + W)).epsilon(1e-4));
    const double wet = 0.03;
    const MediumProperties fog = air.at(101325, air.specific_enthalpy(101325, 298.15, &wet), &wet);
    CHECK(!fog.valid);
    CHECK(std::string(fog.invalid_reason).find("condensation is not modelled") != std::string::npos);
}

TEST_CASE("CombustionAir: nitrogen and oxygen as Modelica mixes them, against the gases' tabulated properties") {
    CombustionAir gas;
    // Zero at 0 K without the enthalpy of formation: at 298.15 K each gas's enthalpy is its H0 (Modelica's data, 309498.45
    // and 271263.42 J/kg), so the mixture's is their mass-weighted sum; the coefficients' 9 to 10 digits allow 1e-6.
    for (double X : {0.0, 0.768, 1.0}) {
        CAPTURE(X);
        CHECK(gas.specific_enthalpy(1e5, 298.15, &X) == doctest::Approx(X * 309498.4543111511 + (1 - X) * 271263.4223783392).epsilon(1e-6));
    }
    // Incropera Table A.4 at 300 K and 1 atm: cp, μ, λ of pure nitrogen (X = 1) and oxygen (X = 0). cp to 0.5 % (the
    // table's digits), μ to 3 % (Chung's correlation, whose stated accuracy for non-polar gases is a few percent), λ to
    // 5 % (Eucken's estimate is coarser). ρ is the ideal-gas law with the molar masses 28.0134 and 31.9988 g/mol and
    // the gas constant Modelica's data were made with, 8.314472 J/(mol·K) (CODATA 2006), to rounding.
    struct Row {
        double X, M, cp, mu, lambda;
    };
    for (Row r : {Row{1.0, 0.0280134, 1041, 178.2e-7, 25.9e-3}, Row{0.0, 0.0319988, 920, 207.2e-7, 26.8e-3}}) {
        CAPTURE(r.X);
        const MediumProperties m = gas.at(101325, gas.specific_enthalpy(101325, 300.0, &r.X), &r.X);
        REQUIRE(m.valid);
        CHECK(m.T == doctest::Approx(300.0).epsilon(1e-10));
        CHECK(m.rho == doctest::Approx(101325 * r.M / (8.314472 * 300.0)).epsilon(1e-12));
        CHECK(m.cp == doctest::Approx(r.cp).epsilon(5e-3));
        CHECK(m.mu == doctest::Approx(r.mu).epsilon(3e-2));
        CHECK(m.lambda == doctest::Approx(r.lambda).epsilon(5e-2));
    }
    // The reference composition is close to air (which also holds 1.3 % argon): the same table's air at 300 K.
    const double X = CombustionAir::reference_nitrogen;
    const MediumProperties air = gas.at(101325, gas.specific_enthalpy(101325, 300.0, &X), &X);
    CHECK(air.rho == doctest::Approx(1.1614).epsilon(1e-2));
    CHECK(air.mu == doctest::Approx(184.6e-7).epsilon(3e-2));
    CHECK(air.lambda == doctest::Approx(26.3e-3).epsilon(5e-2));
    // Wilke's rule lies between the pure gases; cp is the derivative of h; ∂ρ/∂p at constant h is ρ/p.
    CHECK(air.mu > CombustionAir::viscosity(300.0, 1.0));
    CHECK(air.mu < CombustionAir::viscosity(300.0, 0.0));
    const double dh = (gas.specific_enthalpy(1e5, 1200.001, &X) - gas.specific_enthalpy(1e5, 1199.999, &X)) / 0.002;
    CHECK(dh == doctest::Approx(gas.at(1e5, gas.specific_enthalpy(1e5, 1200, &X), &X).cp).epsilon(1e-7));
    CHECK(air.drho_dp_h == doctest::Approx(air.rho / 101325).epsilon(1e-12));
    // Outside its range, or with a mass fraction that is none, the state is refused with the reason.
    const double too_much = 1.2;
    CHECK(std::string(gas.at(1e5, 3e5, &too_much).invalid_reason) == "nitrogen mass fraction outside [0, 1]");
    CHECK(std::string(gas.at(1e5, gas.specific_enthalpy(1e5, 200.0, &X) - 1e3, &X).invalid_reason) ==
          "temperature outside CombustionAir's range (200 K to 6000 K)");
}

TEST_CASE("CombustionAir left at a mass fraction of 0 is pure oxygen: the build advises, the usual composition does not") {
    struct Line : lied::Component {
        Source source;
        Sink sink;
        Line() {
            source.medium.name = sink.medium.name = "CombustionAir";
            source.p0_par = 1.2e5;
            connect(source.outlet, sink.inlet);
        }
        void metainfo(lied::Meta& meta) override {
            meta.component(source, "source");
            meta.component(sink, "sink");
        }
        const char* type_name() const override { return "Line"; }
    };
    Line oxygen;
    lied::Simulator advised(oxygen);
    REQUIRE(advised.advice().size() == 1);
    CAPTURE(advised.advice()[0].message);
    CHECK(advised.advice()[0].message.find(
              "Xi0_par = 0 with medium CombustionAir (Xi: nitrogen; oxygen is the rest): one pure substance, where its usual composition is Xi = 0.768") !=
          std::string::npos);
    CHECK(advised.advice()[0].message.find("source") != std::string::npos);
    Line air;
    air.source.Xi0_par = CombustionAir::reference_nitrogen;
    lied::Simulator quiet(air);
    CHECK(quiet.advice().empty());
}
