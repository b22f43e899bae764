// Plugins that must be refused, each with its rule. One source, four libraries (BAD_PLUGIN selects).
#if BAD_PLUGIN == 1   // a type name that exists already
#include "core/plugins/plugin.h"
#include "cooling_body.h"
LIED_PLUGIN(registrar) { registrar.add<CoolingBody>("PressureDrop", "a second PressureDrop"); }
#elif BAD_PLUGIN == 2   // built against another Lied
#undef LIED_VERSION
#define LIED_VERSION "0.0-old"
#include "core/plugins/plugin.h"
#include "cooling_body.h"
LIED_PLUGIN(registrar) { registrar.add<CoolingBody>("OldBody", "built against an old Lied"); }
#elif BAD_PLUGIN == 4   // built against this Lied's version but before a change of its plugin ABI
#include "core/plugins/plugin.h"
#include "cooling_body.h"
#undef LIED_PLUGIN_ABI_VERSION
#define LIED_PLUGIN_ABI_VERSION 2
LIED_PLUGIN(registrar) { registrar.add<CoolingBody>("StaleBody", "built before the plugin ABI changed"); }
#else   // needs a function the program does not have
#include "core/plugins/plugin.h"
#include "cooling_body.h"
void lied_function_that_does_not_exist();
LIED_PLUGIN(registrar) {
    lied_function_that_does_not_exist();
    registrar.add<CoolingBody>("MissingBody", "calls what does not exist");
}
#endif
