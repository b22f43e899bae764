#include "core/integrators/integrator.h"

#include "core/integrators/dormand_prince.h"
#include "core/integrators/cvode_integrator.h"
#include "core/integrators/explicit_euler.h"
#include "core/integrators/linearly_implicit.h"
#include "core/integrators/runge_kutta4.h"

#include <stdexcept>

namespace lied {

const std::vector<std::string>& integrator_names() {
    static const std::vector<std::string> names{"euler", "rk4", "dopri5", "linearly-implicit-euler", "ros2", "cvode-bdf", "cvode-adams"};
    return names;
}

std::unique_ptr<Integrator> make_integrator(std::string_view name) {
    if (name == "euler") return std::make_unique<ExplicitEuler>();
    if (name == "rk4") return std::make_unique<RungeKutta4>();
    if (name == "dopri5") return std::make_unique<DormandPrince>();
    if (name == "linearly-implicit-euler") return std::make_unique<LinearlyImplicitEuler>();
    if (name == "ros2") return std::make_unique<Rosenbrock2>();
    if (name == "cvode-bdf") return std::make_unique<CvodeIntegrator>(CvodeIntegrator::Method::Bdf);
    if (name == "cvode-adams") return std::make_unique<CvodeIntegrator>(CvodeIntegrator::Method::Adams);
    std::string known;
    for (auto& n : integrator_names()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown solver '" + std::string(name) + "' (known solvers: " + known + ")");
}

}  // namespace lied
