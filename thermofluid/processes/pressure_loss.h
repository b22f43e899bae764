#pragma once
// The pressure-loss laws of ThermofluidStream's FlowResistance (Processes.Internal.FlowResistance), as plain
// functions of the mass flow, the inlet density and viscosity and the geometry (r: hydraulic radius, l: length).
// Each returns the drop inlet − outlet and changes sign with the flow.
namespace lied::thermofluid::pressure_loss {

// dp = k·ṁ + k2·ṁ·|ṁ|
double linear_quadratic(double m_flow, double k, double k2);
// Hagen–Poiseuille: dp = ṁ·8·μ·l / (π·ρ·r⁴)
double laminar(double m_flow, double rho, double mu, double r, double l);
// Cheng (2008), "Formulas for friction factor in transitional regimes", J. Hydraulic Engineering: one Darcy
// friction factor from laminar through transitional to smooth and rough turbulent flow; ks is the roughness.
double laminar_turbulent(double m_flow, double rho, double mu, double r, double l, double ks);
// Haaland (1983), "Simple and explicit formulas for the friction factor in turbulent pipe flow", J. Fluids Eng.
// 105: Darcy–Weisbach with λ = (−1.8/n·log10((6.9/Re)^n + (ks/(3.75·D))^(1.11·n)))^(−2) when turbulent (3.75 as
// ThermofluidStream writes it; Haaland's paper has 3.7), the laminar
// drop ṁ·μ·shape_factor·l/(2·ρ·D²·A) (Hagen–Poiseuille for 64) below Re_laminar, and a smooth cubic step between
// the two from Re_laminar to Re_turbulent (ThermofluidStream's blendFunction).
struct HaalandSettings {
    double Re_laminar = 2000, Re_turbulent = 4000, shape_factor = 64, n = 1;
};
double laminar_turbulent_haaland(double m_flow, double rho, double mu, double r, double l, double ks, const HaalandSettings& settings);
// The smooth step from y1 at x1 to y2 at x2 (a cubic in between with zero slope at both ends; y1 before, y2 after).
double blend(double y1, double y2, double x1, double x2, double x);
// dp = ζ/(2ρ)·regSquare(ṁ/A): a loss coefficient on the velocity head of area A.
double zeta(double m_flow, double rho, double zeta, double area);
// dp = ρ_ref/ρ·dp_ref·f(ṁ/ṁ_ref) with f linear, regSquare or regPow(·, m).
enum class ReferenceLaw { Linear, Quadratic, CustomExponent };
double reference(double m_flow, double rho, double dp_ref, double m_flow_ref, double rho_ref, ReferenceLaw law, double m);

// Modelica.Fluid.Utilities: x·√(x² + δ²) and x·(x² + δ²)^((a − 1)/2), δ = 0.01: a square (power) that is
// smooth through zero.
double reg_square(double x, double delta = 0.01);
double reg_pow(double x, double a, double delta = 0.01);

}  // namespace lied::thermofluid::pressure_loss
