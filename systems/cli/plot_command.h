#pragma once
// `lied plot results.csv|results.mat -o plot.png`: plots results written earlier, by Lied or (MAT) by a Modelica
// tool.
#include <iosfwd>
#include <string>

namespace lied::systems {

// Throws UsageError (bad names, the image would replace the results) and OutputError (unreadable results,
// unwritable image).
int plot_command(const std::string& results, const std::string& image, const std::string& plot_vars, const std::string& title,
                 std::ostream& out);

}  // namespace lied::systems
