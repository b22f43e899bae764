#include "core/integrators/cvode_integrator.h"

#include "core/support/interrupt.h"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>
#include <sunnonlinsol/sunnonlinsol_fixedpoint.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace lied {

struct CvodeIntegrator::Sundials {
    SUNContext context = nullptr;
    void* memory = nullptr;
    N_Vector y = nullptr, absolute = nullptr;
    SUNMatrix matrix = nullptr;
    SUNLinearSolver linear = nullptr;
    SUNNonlinearSolver nonlinear = nullptr;
    bool dense = true;

    void release() {
        if (memory) CVodeFree(&memory);
        if (linear) SUNLinSolFree(linear);
        if (nonlinear) SUNNonlinSolFree(nonlinear);
        if (matrix) SUNMatDestroy(matrix);
        if (y) N_VDestroy(y);
        if (absolute) N_VDestroy(absolute);
        memory = nullptr, linear = nullptr, nonlinear = nullptr, matrix = nullptr, y = nullptr, absolute = nullptr;
    }
    ~Sundials() {
        release();
        if (context) SUNContext_Free(&context);
    }
};

struct CvodeCallbacks {
    static int rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* data) {
        auto* self = static_cast<CvodeIntegrator*>(data);
        if (self->n_ == 0) N_VConst(0.0, ydot);   // the one placeholder state of a model without states
        if (interrupt_requested()) return -1;   // unrecoverable: CVODE returns at once, the run reports the interrupt
        // A point that cannot be evaluated is recoverable: CVODE retries with a smaller step.
        return self->f_->derivatives(t, N_VGetArrayPointer(y), N_VGetArrayPointer(ydot)) ? 0 : 1;
    }
    static int roots(sunrealtype t, N_Vector y, sunrealtype* g, void* data) {
        auto* self = static_cast<CvodeIntegrator*>(data);
        return self->roots_function_->values(t, N_VGetArrayPointer(y), g) ? 0 : -1;
    }
    static int jacobian(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix J, void* data, N_Vector, N_Vector, N_Vector) {
        auto* self = static_cast<CvodeIntegrator*>(data);
        ++self->stats_.jacobians;
        self->stats_.rhs_calls += static_cast<long>(self->jacobian_.colours());
        if (!self->jacobian_.compute(*self->f_, t, N_VGetArrayPointer(y), N_VGetArrayPointer(fy), self->jacobian_values_.data())) return 1;
        const SparsityPattern& p = self->jacobian_.pattern();
        if (self->s_->dense) {
            SUNMatZero(J);
            for (int c = 0; c < p.columns; ++c) {
                sunrealtype* column = SUNDenseMatrix_Column(J, c);
                for (int k = p.start[static_cast<std::size_t>(c)]; k < p.start[static_cast<std::size_t>(c) + 1]; ++k)
                    column[p.row_index[static_cast<std::size_t>(k)]] = self->jacobian_values_[static_cast<std::size_t>(k)];
            }
        } else {
            sunindextype* colptr = SUNSparseMatrix_IndexPointers(J);
            sunindextype* rows = SUNSparseMatrix_IndexValues(J);
            sunrealtype* values = SUNSparseMatrix_Data(J);
            for (std::size_t c = 0; c < p.start.size(); ++c) colptr[c] = p.start[c];
            for (std::size_t k = 0; k < p.row_index.size(); ++k) {
                rows[k] = p.row_index[k];
                values[k] = self->jacobian_values_[k];
            }
        }
        return 0;
    }
    static void error(int, const char* module, const char* function, char* message, void* data) {
        auto* self = static_cast<CvodeIntegrator*>(data);
        std::snprintf(self->message_, sizeof self->message_, "%s (%s, %s)", message, module, function);
    }
};

CvodeIntegrator::CvodeIntegrator(Method method) : method_(method), s_(std::make_unique<Sundials>()) {
    if (SUNContext_Create(nullptr, &s_->context) != 0) throw std::runtime_error("SUNDIALS: cannot create a context");
}

CvodeIntegrator::~CvodeIntegrator() = default;

void CvodeIntegrator::resize(std::size_t n, const std::vector<double>& nominal) {
    n_ = n;
    nominal_ = nominal;
    nominal_.resize(n, 1.0);
    if (pattern_.columns != static_cast<int>(n)) pattern_ = SparsityPattern::dense(static_cast<int>(n));
    jacobian_.configure(pattern_, nominal_);
    jacobian_values_.assign(jacobian_.pattern().nonzeros(), 0.0);
    f0_.assign(n, 0.0);
    s_->release();
    initialised_ = false;
}

void CvodeIntegrator::start(double t, const Eigen::Ref<const Eigen::VectorXd>& x) {
    auto check = [&](int flag, const char* what) {
        if (flag < 0) throw std::runtime_error(std::string("CVODE: ") + what + " failed: " + message_);
    };
    const auto n = static_cast<sunindextype>(std::max<std::size_t>(n_, 1));   // CVODE needs one state
    if (!s_->memory) {
        s_->y = N_VNew_Serial(n, s_->context);
        s_->absolute = N_VNew_Serial(n, s_->context);
        std::fill(N_VGetArrayPointer(s_->y), N_VGetArrayPointer(s_->y) + n, 0.0);
        std::copy(x.data(), x.data() + x.size(), N_VGetArrayPointer(s_->y));
        s_->memory = CVodeCreate(method_ == Method::Bdf ? CV_BDF : CV_ADAMS, s_->context);
        CVodeSetErrHandlerFn(s_->memory, &CvodeCallbacks::error, this);
        check(CVodeInit(s_->memory, &CvodeCallbacks::rhs, t, s_->y), "CVodeInit");
        CVodeSetUserData(s_->memory, this);
        if (method_ == Method::Bdf) {
            s_->dense = linear_solver_ == LinearSolverKind::Dense || (linear_solver_ == LinearSolverKind::Automatic && n_ <= kDenseLimit) || n_ == 0;
            if (s_->dense) {
                s_->matrix = SUNDenseMatrix(n, n, s_->context);
                s_->linear = SUNLinSol_Dense(s_->y, s_->matrix, s_->context);
            } else {
                s_->matrix = SUNSparseMatrix(n, n, static_cast<sunindextype>(std::max<std::size_t>(jacobian_.pattern().nonzeros(), 1)), CSC_MAT, s_->context);
                s_->linear = SUNLinSol_KLU(s_->y, s_->matrix, s_->context);
            }
            check(CVodeSetLinearSolver(s_->memory, s_->linear, s_->matrix), "CVodeSetLinearSolver");
            if (n_ > 0) CVodeSetJacFn(s_->memory, &CvodeCallbacks::jacobian);
        } else {
            // Adams for non-stiff systems: a fixed-point iteration needs no Jacobian.
            s_->nonlinear = SUNNonlinSol_FixedPoint(s_->y, 0, s_->context);
            check(CVodeSetNonlinearSolver(s_->memory, s_->nonlinear), "CVodeSetNonlinearSolver");
        }
        if (roots_function_ && roots_function_->count() > 0)
            check(CVodeRootInit(s_->memory, static_cast<int>(roots_function_->count()), &CvodeCallbacks::roots), "CVodeRootInit");
        CVodeSetMaxNumSteps(s_->memory, 1000000);
        seen_steps_ = seen_rhs_ = seen_fails_ = seen_setups_ = 0;
    } else {
        collect_stats();
        std::copy(x.data(), x.data() + x.size(), N_VGetArrayPointer(s_->y));
        check(CVodeReInit(s_->memory, t, s_->y), "CVodeReInit");
        seen_steps_ = seen_rhs_ = seen_fails_ = seen_setups_ = 0;
    }
    sunrealtype* a = N_VGetArrayPointer(s_->absolute);
    for (sunindextype i = 0; i < n; ++i) a[i] = tolerances_.absolute * (static_cast<std::size_t>(i) < n_ ? std::abs(nominal_[static_cast<std::size_t>(i)]) : 1.0);
    check(CVodeSVtolerances(s_->memory, tolerances_.relative, s_->absolute), "CVodeSVtolerances");
    check(CVodeSetMaxStep(s_->memory, tolerances_.max_step > 0 ? tolerances_.max_step : 0.0), "CVodeSetMaxStep");
    initialised_ = true;
    t_now_ = t;
    stop_set_ = -1.0;   // a re-initialised CVODE has no stop time
}

void CvodeIntegrator::archive_history(StateArchive& archive) {
    if (archive.mode() != StateArchive::Mode::Save && !archive.restoring()) return;
    collect_stats();
    s_->release();   // the next advance() creates CVODE as at the first start
    initialised_ = false;
}

// CVODE's counters restart at every re-initialisation: add what was counted since the last look.
void CvodeIntegrator::collect_stats() {
    if (!s_->memory) return;
    long steps = 0, rhs = 0, fails = 0, setups = 0;
    CVodeGetNumSteps(s_->memory, &steps);
    CVodeGetNumRhsEvals(s_->memory, &rhs);
    CVodeGetNumErrTestFails(s_->memory, &fails);
    if (method_ == Method::Bdf) CVodeGetNumLinSolvSetups(s_->memory, &setups);
    stats_.steps += steps - seen_steps_;
    stats_.rhs_calls += rhs - seen_rhs_;
    stats_.rejected += fails - seen_fails_;
    stats_.factorizations += setups - seen_setups_;
    seen_steps_ = steps, seen_rhs_ = rhs, seen_fails_ = fails, seen_setups_ = setups;
}

double CvodeIntegrator::internal_step() const {
    sunrealtype h = 0.0;
    if (initialised_ && s_->memory && CVodeGetLastStep(s_->memory, &h) != CV_SUCCESS) h = 0.0;
    return h;
}

StepStatus CvodeIntegrator::advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) {
    f_ = &f;
    root_found_ = false;
    advanced_ = 0.0;
    message_[0] = '\0';
    // The caller's t is where the last call ended up to rounding (t + (stop − t) need not equal stop): only a
    // real jump in time (a failed step undone, a reset) restarts CVODE.
    if (!initialised_ || std::abs(t - t_now_) > 1e-12 * std::max(1.0, std::abs(t))) start(t, x);
    const double t_out = t + h;
    // CVODE steps past an output time and interpolates there (its steps do not depend on the output grid), but
    // never past a hard stop (an event, the end of the run).
    const double stop = std::max(std::min(hard_stop_, 1e300), t_out);
    if (stop != stop_set_) {
        CVodeSetStopTime(s_->memory, stop);
        stop_set_ = stop;
    }
    sunrealtype t_reached = t;
    const int flag = CVode(s_->memory, t_out, s_->y, &t_reached, CV_NORMAL);
    collect_stats();
    if (flag < 0) {
        initialised_ = false;
        failure_ = message_;
        if (flag == CV_TOO_MUCH_WORK || flag == CV_CONV_FAILURE || flag == CV_ERR_FAILURE) return StepStatus::StepSizeTooSmall;
        return StepStatus::SolverFailed;
    }
    std::copy(N_VGetArrayPointer(s_->y), N_VGetArrayPointer(s_->y) + x.size(), x.data());
    t_now_ = flag == CV_ROOT_RETURN ? t_reached : t_out;
    advanced_ = t_now_ - t;
    if (flag == CV_ROOT_RETURN) {
        root_found_ = true;
        std::fill(roots_.begin(), roots_.end(), 0);
        CVodeGetRootInfo(s_->memory, roots_.data());
    }
    return StepStatus::Ok;
}

}  // namespace lied
