#pragma once
// What a variable's value is: any real number, a whole number (an event count), or a truth value (0 or 1).
// Lied keeps all three as double; the type tells an importer what to expect (an FMU offers Integer and Boolean
// variables, which FMI requires to change only at events: declare them on discrete signals).
namespace lied {

enum class ValueType { Real, Integer, Boolean };

}  // namespace lied
