#pragma once
// IAPWS-IF97, the industrial formulation for water and steam (IAPWS, Revised Release on the IAPWS Industrial
// Formulation 1997 for the Thermodynamic Properties of Water and Steam, 2007): region 1 (liquid), region 2
// (vapour), region 4 (the saturation line) and the boundary between regions 2 and 3. Regions 3 (near the
// critical point) and 5 (above 1073.15 K) are not implemented. SI units: Pa, K, J/kg.
namespace lied::thermofluid::if97 {

inline constexpr double R = 461.526;            // J/(kg·K)
inline constexpr double T_critical = 647.096;   // K
inline constexpr double p_critical = 22.064e6;  // Pa
inline constexpr double rho_critical = 322.0;   // kg/m³
inline constexpr double T_13 = 623.15;          // K, where regions 1 and 3 meet
inline constexpr double p_max = 100e6;          // Pa
inline constexpr double T_max = 1073.15;        // K (region 5 above is not implemented)
inline constexpr double T_min = 273.15;         // K

// The state functions of one point from the Gibbs free energy of a region, with the derivatives a medium needs.
struct Point {
    double v;        // specific volume [m³/kg]
    double h;        // specific enthalpy [J/kg]
    double s;        // specific entropy [J/(kg·K)]
    double cp;       // J/(kg·K)
    double dv_dp_T;  // ∂v/∂p at constant T
    double dv_dT_p;  // ∂v/∂T at constant p
};

Point region1(double p, double T);
Point region2(double p, double T);
double saturation_pressure(double T);      // region 4, 273.15 K ≤ T ≤ 647.096 K
double saturation_temperature(double p);   // region 4, 611.213 Pa ≤ p ≤ 22.064 MPa
double b23_pressure(double T);             // boundary between regions 2 and 3, 623.15 K ≤ T ≤ 863.15 K
double b23_temperature(double p);          // its inverse, 16.529 MPa ≤ p ≤ 100 MPa

}  // namespace lied::thermofluid::if97
