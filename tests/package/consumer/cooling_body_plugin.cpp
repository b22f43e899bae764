// CoolingBody as a plugin: `lied --plugin libcooling_body.so`, or `plugins: [libcooling_body.so]` in a file.
#include "core/plugins/plugin.h"
#include "cooling_body.h"

LIED_PLUGIN(registrar) { registrar.add<CoolingBody>("CoolingBody", "lumped body, heated by a power input, cooled by its surroundings"); }
