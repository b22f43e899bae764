#include "systems/cli/cli.h"

#include <iostream>

int main(int argc, char** argv) {
    return lied::systems::run_cli(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
