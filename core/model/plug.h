#pragma once
// A plug groups signals of mixed direction under one name (a thermofluid inlet carries state and mass flow
// in, inertial pressure out). It lists its members so the crawler can name them ("p1.inlet.m_flow").
#include "core/model/signal.h"

#include <functional>
#include <string>
#include <string_view>

namespace lied {

class Plug {
public:
    Plug() = default;
    Plug(const Plug&) = delete;
    Plug& operator=(const Plug&) = delete;
    virtual ~Plug() = default;
    using MemberVisitor = std::function<void(SignalBase&, std::string_view member_name)>;
    virtual void members(const MemberVisitor& visit) = 0;
    // Domain name used in error messages ("thermofluid inlet").
    virtual const char* kind() const = 0;
    // The physical domain ("thermofluid"): only plugs of one domain connect.
    virtual const char* domain() const = 0;
    // Connections go from the plug where flow nominally leaves (outlet) to the one where it enters (inlet).
    virtual bool is_outlet() const = 0;
    // True where a connection has no nominal direction (heat ports): either end may be named first.
    virtual bool symmetric() const { return false; }
    // True where one plug may take any number of connections (a mechanical flange that sends its position to
    // every element attached to it and adds up their forces). Otherwise a plug connects once; branching needs
    // a component (a splitter, a junction).
    virtual bool accepts_many() const { return false; }
    // Why two plugs of the same side (two outlets, two inlets) cannot be joined, in the domain's words.
    virtual std::string same_side_rule() const { return "a connection goes from an outlet to an inlet"; }
    // Binds this outlet to `inlet` of the same domain. Precondition: is_outlet(), !inlet.is_outlet(), same domain.
    virtual void connect_to(Plug& inlet) = 0;
    // Undoes a connection between this plug and `other` (either side may call it): every input of one bound to
    // an output of the other is unbound. Plugs that keep one input per attached element override it.
    virtual void disconnect_from(Plug& other);
    // True if an input of `readers` is bound to an output of `writers`.
    static bool reads_from(Plug& readers, Plug& writers);
    // True if any input of this plug is bound: it is connected, e.g. by the component it belongs to (a part's plug).
    bool any_input_bound();
    // A property both ends of a connection must share (a thermofluid plug's medium): its value ("" for none)
    // and its name ("medium"). The crawler refuses a connection whose ends differ, naming both. The text lives
    // as long as the plug's configuration (a medium's name); the crawl reads it once, when the metainfo of the
    // component that registered the plug has returned (so a medium set anywhere in that metainfo counts).
    virtual std::string_view shared_property() const { return {}; }
    // The rule printed when a member of this plug closes an algebraic loop, in the domain's words ("every flow loop
    // needs a volume"); null: the rule of each member's value type.
    virtual const char* loop_rule() const { return nullptr; }
    virtual const char* shared_property_name() const { return ""; }
};

}  // namespace lied
