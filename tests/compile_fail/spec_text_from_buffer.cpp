// Must not compile (tests/CMakeLists.txt: core.spec_text_refuses_a_buffer): a parameter unit from a char array on
// the stack. SpecText views literals by address, so such an array would leave the model a dangling view once
// metainfo returns; its consteval constructor refuses any array without a constant address. Compiled with
// -DLIED_LITERAL_INSTEAD, the same file passes a literal and compiles (core.spec_text_takes_a_literal), so that the
// refusal is the buffer's and not a broken include path.
#include "core/model/parameter_spec.h"

lied::ParameterSpec length_spec() {
#ifdef LIED_LITERAL_INSTEAD
    return lied::ParameterSpec::positive("m", "length");
#else
    const char unit[] = "m";
    return lied::ParameterSpec::positive(unit, "length");
#endif
}
