#pragma once
// The refrigerants' published data: each equation of state (helmholtz_data.h) with its viscosity and thermal
// conductivity correlations. The references are in each fluid's file.
#include "thermofluid/media/helmholtz/refrigerant.h"

namespace lied::thermofluid::helmholtz {

const FluidData& r134a();
TransportCorrelations r134a_transport();
const FluidData& r1234yf();
TransportCorrelations r1234yf_transport();
const FluidData& r744();
TransportCorrelations r744_transport();

}  // namespace lied::thermofluid::helmholtz
