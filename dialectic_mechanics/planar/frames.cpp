#include "dialectic_mechanics/planar/frames.h"

namespace lied::mechanics {

void FrameOut::members(const MemberVisitor& visit) {
    visit(r, "r");
    visit(v, "v");
    visit(w, "w");
    visit(a, "a");
    forces_.visit(visit, "f");
}

std::string FrameOut::same_side_rule() const {
    return std::string("joining two driving frames gives one chain two roots, or closes a kinematic loop rigidly (rule: one root per chain and ") +
           kKinematicLoopRule + "; cut the loop and close it with a LoopClosure)";
}

void FrameOut::connect_to(Plug& other) {
    auto* in = dynamic_cast<FrameIn*>(&other);
    if (!in) throw std::invalid_argument(std::string("a planar driving frame connects to a planar driven frame, not a ") + other.kind());
    connect(*this, *in);
}

void FrameIn::members(const MemberVisitor& visit) {
    visit(r, "r");
    visit(v, "v");
    visit(w, "w");
    visit(a, "a");
    visit(f, "f");
}

void FrameIn::connect_to(Plug& other) {
    auto* out = dynamic_cast<FrameOut*>(&other);
    if (!out) throw std::invalid_argument(std::string("a planar driven frame connects to a planar driving frame, not a ") + other.kind());
    connect(*out, *this);
}

void FrameOut::disconnect_from(Plug& other) {
    if (auto* in = dynamic_cast<FrameIn*>(&other)) disconnect(*this, *in);
}

void FrameIn::disconnect_from(Plug& other) {
    if (auto* out = dynamic_cast<FrameOut*>(&other)) disconnect(*out, *this);
}

void connect(FrameOut& out, FrameIn& in) {
    in.r.connect(out.r);
    in.v.connect(out.v);
    in.w.connect(out.w);
    in.a.connect(out.a);
    out.forces_.attach(in.f);
}

void disconnect(FrameOut& out, FrameIn& in) {
    out.forces_.detach(in.f);
    in.r.disconnect();
    in.v.disconnect();
    in.w.disconnect();
    in.a.disconnect();
}

}  // namespace lied::mechanics
