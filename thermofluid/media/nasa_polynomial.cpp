#include "thermofluid/media/nasa_polynomial.h"

#include <cmath>

namespace lied::thermofluid {

double nasa_cp(const NasaCoefficients& c, double T) {
    const double* a = T < c.T_limit ? c.low : c.high;
    return c.R * (a[0] / (T * T) + a[1] / T + a[2] + T * (a[3] + T * (a[4] + T * (a[5] + a[6] * T))));
}

double nasa_h(const NasaCoefficients& c, double T) {
    const double* a = T < c.T_limit ? c.low : c.high;
    const double b1 = T < c.T_limit ? c.low_b1 : c.high_b1;
    const double h = c.R * ((-a[0] + T * (b1 + a[1] * std::log(T) + T * (a[2] + T * (0.5 * a[3] + T * (a[4] / 3 + T * (0.25 * a[5] + 0.2 * a[6] * T)))))) / T);
    return h - c.Hf + c.H0;
}

const NasaCoefficients& nasa_air() {
    static const NasaCoefficients air{
        287.0512249529787, -4333.833858403446, 298609.6803431054, 1000.0,
        {10099.5016, -196.827561, 5.00915511, -0.00576101373, 1.06685993e-05, -7.94029797e-09, 2.18523191e-12}, -176.796731,
        {241521.443, -1257.8746, 5.14455867, -0.000213854179, 7.06522784e-08, -1.07148349e-11, 6.57780015e-16}, 6462.26319};
    return air;
}

const NasaCoefficients& nasa_steam() {
    static const NasaCoefficients steam{
        461.5233290850878, -13423382.81725291, 549760.6476280135, 1000.0,
        {-39479.6083, 575.573102, 0.931782653, 0.00722271286, -7.34255737e-06, 4.95504349e-09, -1.336933246e-12}, -33039.7431,
        {1034972.096, -2412.698562, 4.64611078, 0.002291998307, -6.83683048e-07, 9.42646893e-11, -4.82238053e-15}, -13842.86509};
    return steam;
}

}  // namespace lied::thermofluid
