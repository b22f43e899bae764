#pragma once
// Transport properties of water and steam from density and temperature, without the critical enhancement
// (which matters only within a few kelvin of the critical point, outside what WaterIF97 accepts):
//  - viscosity: IAPWS 2008 (Release on the IAPWS Formulation 2008 for the Viscosity of Ordinary Water
//    Substance), μ = μ0(T)·μ1(T, ρ), the industrial form with μ2 = 1;
//  - thermal conductivity: IAPWS 2011 (Release on the IAPWS Formulation 2011 for the Thermal Conductivity of
//    Ordinary Water Substance), λ = λ0(T)·λ1(T, ρ), with λ2 = 0.
namespace lied::thermofluid {

double water_viscosity(double rho, double T);      // Pa·s
double water_conductivity(double rho, double T);   // W/(m·K)

}  // namespace lied::thermofluid
