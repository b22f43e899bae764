#include "systems/cli/mpi_world.h"

#include <mpi.h>

#include <cstdlib>

namespace lied::systems {

MpiWorld mpi_world() {
    MpiWorld w;
    // Open MPI's and the PMI launchers' variables; none is set outside mpirun/srun.
    const bool launched = std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK");
    if (!launched) return w;
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) MPI_Init(nullptr, nullptr);
    MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &w.size);
    w.active = true;
    return w;
}

std::vector<std::string> gather_on_root(const MpiWorld& w, const std::string& mine) {
    if (!w.active) return {mine};
    int length = static_cast<int>(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(w.size)), offsets(static_cast<std::size_t>(w.size));
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    int total = 0;
    for (int r = 0; r < w.size; ++r) offsets[static_cast<std::size_t>(r)] = total, total += lengths[static_cast<std::size_t>(r)];
    std::string all(static_cast<std::size_t>(w.rank == 0 ? total : 0), '\0');
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
    if (w.rank != 0) return {};
    std::vector<std::string> parts;
    for (int r = 0; r < w.size; ++r)
        parts.push_back(all.substr(static_cast<std::size_t>(offsets[static_cast<std::size_t>(r)]), static_cast<std::size_t>(lengths[static_cast<std::size_t>(r)])));
    return parts;
}

bool broadcast_from_root(const MpiWorld& w, bool value) {
    if (!w.active) return value;
    int v = value ? 1 : 0;
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return v != 0;
}

void mpi_finish(const MpiWorld& w) {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (w.active && !finalised) MPI_Finalize();
}

}  // namespace lied::systems
