#pragma once
// The MPI processes of a sweep. MPI starts only when the program was launched by mpirun (its environment says
// so): a plain `lied sweep` pays nothing for it and needs no MPI runtime to be configured.
#include <string>
#include <vector>

namespace lied::systems {

struct MpiWorld {
    int rank = 0, size = 1;
    bool active = false;
};

// Initialises MPI once if launched by mpirun.
MpiWorld mpi_world();
// Every process's text, on rank 0 in rank order (the others get an empty list). Without MPI: {mine}.
std::vector<std::string> gather_on_root(const MpiWorld& world, const std::string& mine);
// Rank 0's value on every process (without MPI: the value).
bool broadcast_from_root(const MpiWorld& world, bool value);
// Finalises MPI if it was started.
void mpi_finish(const MpiWorld& world);

}  // namespace lied::systems
