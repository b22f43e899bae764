#pragma once
// Ideal-gas heat capacity and enthalpy from NASA Glenn coefficients (McBride, Zehe, Gordon 2002, NASA
// TP-2002-211556): cp/R = a1/T² + a2/T + a3 + a4·T + a5·T² + a6·T³ + a7·T⁴ with one set below and one above
// T_limit, and h from its integral with the constant b1. Enthalpies follow Modelica.Media's convention for
// "excluding enthalpy of formation, zero at 0 K": h = h_NASA(T) − Hf + H0.
namespace lied::thermofluid {

struct NasaCoefficients {
    double R;                 // specific gas constant [J/(kg·K)]
    double Hf, H0;            // enthalpy of formation, and h(298.15 K) − h(0 K) [J/kg]
    double T_limit;           // K
    double low[7], low_b1;    // below T_limit
    double high[7], high_b1;  // above
};

double nasa_cp(const NasaCoefficients& c, double T);
double nasa_h(const NasaCoefficients& c, double T);

// Dry air and water vapour (steam) as in Modelica.Media.IdealGases.Common.SingleGasesData.
const NasaCoefficients& nasa_air();
const NasaCoefficients& nasa_steam();

}  // namespace lied::thermofluid
