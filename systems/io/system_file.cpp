#include "systems/io/system_file.h"

#include "core/plugins/plugin_loader.h"

#include "core/model/build_error.h"
#include "core/support/closest_name.h"
#include "core/model/component_registry.h"
#include "core/integrators/integrator.h"
#include "core/model/introspection.h"
#include "core/simulation/simulator.h"
#include "components/input.h"
#include "components/trigger.h"
#include "systems/io/array_values.h"

#include <spdlog/spdlog.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace lied::systems {
namespace fs = std::filesystem;
namespace {

const std::vector<std::string> kTopKeys{"system", "description", "plugins", "defaults", "components", "inputs", "connections", "outputs", "expose", "actions", "run"};
const std::vector<std::string> kInputKeys{"unit", "start", "min", "max", "description", "drives"};
const std::vector<std::string> kOutputKeys{"value", "description"};
const std::vector<std::string> kActionKeys{"at", "when", "description", "disconnect", "remove", "replace", "add", "connect", "set", "initial", "start_fresh"};
const std::vector<std::string> kComponentKeys{"type", "file", "description", "parameters"};
const std::vector<std::string> kExposeKeys{"plugs", "signals", "parameters"};
const std::vector<std::string> kRunKeys{"t_end", "dt", "solver", "interval", "rtol", "atol", "max_step", "jacobian_interval", "step_check", "balance_check", "steady_state", "record", "inputs", "input_interpolation"};
constexpr int kMaxNesting = 16;

// Where a plug or signal of a child is, and whether it is already connected (and where).
struct Endpoint {
    Plug* plug = nullptr;
    SignalBase* signal = nullptr;
    std::string path;
};

// What all loaders of one top-level file share: the files read and the components made so far.
std::vector<fs::path>& allowed_folders() {
    static std::vector<fs::path> folders;
    return folders;
}

// A value under `defaults`: every component of the file that declares it, and of the subsystem files it uses, has a
// parameter or choice of this name, and does not set it itself, takes it (a system-wide medium).
struct InheritedDefault {
    // Plain text and marks, not YAML::Node: assigning one node to another writes into the node it refers to, and
    // these are copied from file to file.
    std::string key, value;
    YAML::Mark value_mark, key_mark;
    std::string file;                // the file that declares it, for messages
    std::shared_ptr<bool> used;      // some component took it (a default nothing takes is a typo)
};

struct LoadBudget {
    // The defaults in force inside each subsystem a file loaded: what a component an action adds there takes.
    std::map<const Composite*, std::vector<InheritedDefault>> subsystem_defaults;
    fs::path root_folder;   // the top-level file's folder, canonical: named paths stay inside it (or an allowed one)
    std::vector<std::string> files;
    std::size_t components = 0;
    std::size_t max_components = kMaxExpandedComponents;
};

// The text of a system file: a regular file (not a FIFO or device, which could block or never end) of at
// most kMaxSystemFileBytes. Returns an error message, or "" and the text.
std::string read_system_file(const fs::path& path, std::string& text) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) return "cannot read '" + path.string() + "': " + (ec ? ec.message() : "no such file");
    if (!fs::is_regular_file(status)) return "'" + path.string() + "' is not a regular file (rule: a system file is a regular file)";
    const auto size = fs::file_size(path, ec);
    if (ec) return "cannot read '" + path.string() + "': " + ec.message();
    if (size > kMaxSystemFileBytes)
        return "'" + path.string() + "' has " + std::to_string(size) + " bytes (rule: a system file has at most " +
               std::to_string(kMaxSystemFileBytes) + " bytes)";
    std::ifstream in(path, std::ios::binary);
    if (!in) return "cannot read '" + path.string() + "': " + std::strerror(errno);
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
    if (text.size() > kMaxSystemFileBytes) return "'" + path.string() + "' grew while it was read (rule: a system file is a regular file)";
    return "";
}

class Loader {
public:
    Loader(std::string file_name, fs::path directory, std::vector<std::string> include_chain, LoadBudget& budget,
           std::vector<InheritedDefault> inherited = {})
        : file_(std::move(file_name)), directory_(std::move(directory)), chain_(std::move(include_chain)), budget_(budget),
          defaults_(std::move(inherited)) {}

    // YAML reads the brackets of "j.inlets[2]" inside a flow list [a, b] as a nested list: say how to write it.
    static std::string indexed_plug_hint(const std::string& text, int line) {
        std::istringstream lines(text);
        std::string row;
        for (int k = 0; k <= line; ++k)
            if (!std::getline(lines, row)) return {};
        const auto open = row.find('[');
        if (open == std::string::npos || row.find('[', open + 1) == std::string::npos) return {};
        return " (a plug with an index inside [from, to] must be quoted: [a.outlet, \"j.inlets[2]\"])";
    }

    LoadedSystem load(const std::string& text, bool top_level) {
        YAML::Node doc;
        try {
            check_yaml_features(text);
            doc = YAML::Load(text);
        } catch (const YAML::ParserException& e) {
            throw SystemFileError(file_ + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) +
                                  ": syntax error: " + e.msg + indexed_plug_hint(text, e.mark.line));
        }
        if (!doc.IsMap()) fail(doc, "", "a system file is a map with the keys " + join(kTopKeys));
        check_keys(doc, "", kTopKeys);

        LoadedSystem sys;
        sys.name = doc["system"] ? text_of(doc["system"], "system") : fs::path(file_).stem().string();
        if (doc["description"]) sys.description = text_of(doc["description"], "description");
        sys.root = std::make_unique<Composite>(sys.name);
        root_ = sys.root.get();

        if (const YAML::Node plugins = doc["plugins"]) read_plugins(plugins);
        if (const YAML::Node defaults = doc["defaults"]) read_defaults(defaults);
        const YAML::Node components = doc["components"];
        if (!components) fail(doc, "", "missing key 'components'");
        if (!components.IsMap() || components.size() == 0) fail(components, "components", "expected a map of named components");
        for (const auto& e : entries(components, "components")) add_component(e.key, e.value, e.key_node);
        if (const YAML::Node inputs = doc["inputs"]) read_inputs(inputs);

        if (const YAML::Node connections = doc["connections"]) {
            if (!connections.IsSequence()) fail(connections, "connections", "expected a list of [from, to] pairs");
            for (std::size_t i = 0; i < connections.size(); ++i) connect(connections[i], "connections[" + std::to_string(i) + "]");
        }
        if (const YAML::Node outputs = doc["outputs"]) read_outputs(outputs);
        if (const YAML::Node expose = doc["expose"]) read_expose(expose);
        check_unconnected(top_level);
        if (const YAML::Node actions = doc["actions"]) {
            if (!top_level) fail(actions, "actions", "a subsystem file has no actions (rule: actions belong to the file that is run)");
            read_actions(actions, sys.actions, sys.event_actions);
        }
        actions_ = &sys.actions;
        event_actions_ = &sys.event_actions;
        if (const YAML::Node run = doc["run"]) read_run(run, sys.settings);
        for (const InheritedDefault& d : defaults_)
            if (d.file == file_ && !*d.used)
                fail_at(d.key_mark, "defaults." + d.key +
                                        ": no component of this file or of its subsystem files has a parameter or choice '" + d.key + "' that it does not set itself");
        for (auto& [name, _] : root_->exposed_plugs()) sys.exposed.push_back(name);
        for (auto& [name, _] : root_->exposed_signals()) sys.exposed.push_back(name);
        return sys;
    }

private:
    // ---- messages ----
    // A child's registrations; a rule its metainfo() enforces (e.g. N an integer) becomes a file error naming it.
    // Each child is crawled once while loading (a crawl is most of a load): the description is kept until its
    // parameters change, which may change its structure (a choice adds a heat port, a count sizes a plug array).
    const Model& describe_child(Component& c) const {
        if (auto it = described_.find(&c); it != described_.end()) return it->second;
        try {
            return described_.emplace(&c, describe(c)).first->second;
        } catch (const BuildError&) {
            for (auto& name : root_->child_names())
                if (root_->child(name) == &c) {
                    auto it = component_nodes_.find(name);
                    try {
                        describe(c, name);   // again under its name, so the message names it as a build would
                    } catch (const BuildError& named) {
                        fail(it == component_nodes_.end() ? YAML::Node() : it->second, "components." + name, named.what());
                    }
                }
            throw;
        }
    }

    // Component plugins the file's types come from, relative to the file's folder. Loading one runs its code: a
    // file with plugins is trusted like a program. So every plugin is announced before it loads, and one that a
    // subsystem file in another folder names (a file the user may not have read) loads only when that folder is
    // allowed by name on the command line.
    void read_plugins(const YAML::Node& plugins) {
        if (!plugins.IsSequence()) fail(plugins, "plugins", "expected a list of plugin libraries, e.g. [libmycomponents.so]");
        std::error_code ec;
        const fs::path folder = fs::weakly_canonical(directory_, ec);
        const bool subsystem_elsewhere = chain_.size() > 1 && folder != budget_.root_folder &&
                                         std::none_of(allowed_folders().begin(), allowed_folders().end(), [&](const fs::path& allowed) {
                                             const fs::path relative = folder.lexically_relative(allowed);
                                             return !relative.empty() && *relative.begin() != "..";
                                         });
        for (std::size_t i = 0; i < plugins.size(); ++i) {
            const std::string path = "plugins[" + std::to_string(i) + "]";
            const fs::path full = (directory_ / text_of(plugins[i], path)).lexically_normal();
            confine(plugins[i], path, full);
            if (subsystem_elsewhere)
                fail(plugins[i], path, "the subsystem file names the plugin '" + full.string() + "' from " + folder.string() +
                                           ", another folder than the file that is run (rule: a plugin named by a subsystem file in another "
                                           "folder loads only when that folder is allowed: lied --allow-folder " + folder.string() + ")");
            spdlog::warn("{} loads the plugin {} (its code runs as it loads)", file_, full.string());
            try {
                load_plugin(full.string());
            } catch (const PluginError& e) {
                fail(plugins[i], path, e.what());
            }
            std::error_code ec;
            const std::string canonical = fs::weakly_canonical(full, ec).string();
            if (std::find(budget_.files.begin(), budget_.files.end(), canonical) == budget_.files.end()) budget_.files.push_back(canonical);
        }
    }

    [[noreturn]] void fail(const YAML::Node& node, const std::string& path, const std::string& message) const {
        std::ostringstream s;
        s << file_;
        if (node.IsDefined() && !node.Mark().is_null()) s << ':' << node.Mark().line + 1 << ':' << node.Mark().column + 1;
        s << ": ";
        if (!path.empty()) s << path << ": ";
        s << message;
        throw SystemFileError(s.str());
    }
    static std::string join(const std::vector<std::string>& names) {
        std::string s;
        for (auto& n : names) s += (s.empty() ? "" : ", ") + n;
        return s;
    }
    static std::string sub(const std::string& path, const std::string& key) { return path.empty() ? key : path + "." + key; }

    // One pass over the parser's events, before any node is built: exactly one document, no tags (they
    // mean something in other loaders, here they would be ignored silently: !!python/object), no anchors or
    // aliases (a few lines of them expand to billions of nodes). Plain and quoted scalars carry "?" and "!".
    class FeatureCheck final : public YAML::EventHandler {
    public:
        explicit FeatureCheck(const Loader& loader) : loader_(loader) {}
        void OnDocumentStart(const YAML::Mark&) override {}
        void OnDocumentEnd() override {}
        void OnNull(const YAML::Mark& m, YAML::anchor_t a) override { check(m, "", a); }
        void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { loader_.fail_at(m, "YAML aliases (*name) are not supported"); }
        void OnScalar(const YAML::Mark& m, const std::string& tag, YAML::anchor_t a, const std::string&) override { check(m, tag, a); }
        void OnSequenceStart(const YAML::Mark& m, const std::string& tag, YAML::anchor_t a, YAML::EmitterStyle::value) override { check(m, tag, a); }
        void OnSequenceEnd() override {}
        void OnMapStart(const YAML::Mark& m, const std::string& tag, YAML::anchor_t a, YAML::EmitterStyle::value) override { check(m, tag, a); }
        void OnMapEnd() override {}

    private:
        void check(const YAML::Mark& m, const std::string& tag, YAML::anchor_t anchor) const {
            if (!tag.empty() && tag != "?" && tag != "!") loader_.fail_at(m, "YAML tags are not supported (found '" + tag + "')");
            if (anchor != YAML::NullAnchor) loader_.fail_at(m, "YAML anchors (&name) are not supported");
        }
        const Loader& loader_;
    };
    void check_yaml_features(const std::string& text) const {
        std::istringstream in(text);
        YAML::Parser parser(in);
        FeatureCheck check(*this);
        // At most two documents are looked at: yaml-cpp's LoadAll can loop forever on some malformed input.
        if (!parser.HandleNextDocument(check)) return;
        if (parser.HandleNextDocument(check))
            throw SystemFileError(file_ + ": a system file holds one YAML document (found a second one after '---')");
    }
    [[noreturn]] void fail_at(const YAML::Mark& m, const std::string& message) const {
        throw SystemFileError(file_ + ":" + std::to_string(m.line + 1) + ":" + std::to_string(m.column + 1) + ": " + message);
    }

    // ---- typed reading ----
    struct Entry {
        std::string key;
        YAML::Node value;
        YAML::Node key_node;   // for messages about the name itself
    };
    // Map entries in document order; rejects duplicate and non-text keys.
    std::vector<Entry> entries(const YAML::Node& map, const std::string& path) const {
        std::vector<Entry> out;
        std::set<std::string> seen;
        for (auto it = map.begin(); it != map.end(); ++it) {
            if (!it->first.IsScalar()) fail(it->first, path, "keys must be names");
            const std::string key = it->first.Scalar();
            if (!seen.insert(key).second) fail(it->first, sub(path, key), "duplicate key '" + key + "'");
            out.push_back({key, it->second, it->first});
        }
        return out;
    }
    void check_keys(const YAML::Node& map, const std::string& path, const std::vector<std::string>& allowed) const {
        for (const auto& e : entries(map, path))
            if (std::find(allowed.begin(), allowed.end(), e.key) == allowed.end()) {
                std::string hint = did_you_mean(e.key, allowed);
                if (hint.empty()) hint = " (allowed: " + join(allowed) + ")";
                fail(e.key_node, sub(path, e.key), "unknown key '" + e.key + "'" + hint);
            }
    }
    std::string text_of(const YAML::Node& node, const std::string& path) const {
        if (!node.IsScalar()) fail(node, path, "expected text");
        return node.Scalar();
    }
    double number_of(const YAML::Node& node, const std::string& path) const {
        if (!node.IsScalar()) fail(node, path, "expected a number");
        try {
            return node.as<double>();
        } catch (const YAML::Exception&) {
            fail(node, path, "expected a number, got '" + node.Scalar() + "'");
        }
    }
    double positive_number(const YAML::Node& node, const std::string& path) const {
        const double v = number_of(node, path);
        if (!(v > 0) || !std::isfinite(v)) fail(node, path, "must be a finite number > 0, got " + node.Scalar());
        return v;
    }
    // Inputs the engine binds to the simulation time: not ports of the file.
    static bool is_time_input(const Model& m, const SignalBase* s) {
        return std::find(m.time_inputs.begin(), m.time_inputs.end(), s) != m.time_inputs.end();
    }
    static bool is_identifier(const std::string& s) {
        if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
        return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
    }

    // ---- components ----
    void add_component(const std::string& name, const YAML::Node& spec, const YAML::Node& key) {
        const std::string path = "components." + name;
        if (!is_identifier(name)) fail(key, path, "component names are identifiers (letters, digits, _), got '" + name + "'");
        if (!spec.IsMap()) fail(spec, path, "expected a map with 'type' (or 'file') and optional 'parameters'");
        check_keys(spec, path, kComponentKeys);
        const YAML::Node type = spec["type"], file = spec["file"];
        if (type && file) fail(spec, path, "give either 'type' or 'file', not both");
        if (!type && !file) fail(spec, path, "missing 'type' (a component type, see `lied list --components`) or 'file'");

        std::unique_ptr<Component> child = type ? make_of_type(type, path + ".type") : load_subsystem(file, path + ".file");
        count_component(spec, path);
        const std::string description = spec["description"] ? text_of(spec["description"], path + ".description") : "";
        if (type) apply_defaults(name, *child, spec["parameters"]);   // a subsystem's components took them when it was loaded
        Component& c = root_->add(name, std::move(child), description);
        component_nodes_[name] = spec;
        if (const YAML::Node params = spec["parameters"]) set_parameters(name, c, params, path + ".parameters");
    }

    // ---- defaults: values set once for the file and its subsystems ----
    void read_defaults(const YAML::Node& defaults) {
        if (!defaults.IsMap()) fail(defaults, "defaults", "expected a map of parameter or choice names to values, e.g. {medium: Glycol47}");
        for (const auto& e : entries(defaults, "defaults")) {
            if (!e.value.IsScalar()) fail(e.value, "defaults." + e.key, "expected a number or an option's name");
            // The file's own value wins over one inherited from the file that uses it as a subsystem.
            std::erase_if(defaults_, [&](const InheritedDefault& d) { return d.key == e.key; });
            defaults_.push_back({e.key, e.value.Scalar(), e.value.Mark(), e.key_node.Mark(), file_, std::make_shared<bool>(false)});
        }
    }

    // The defaults in force where `parent` (a path of subsystems, "" for this file) is: the deepest subsystem that a
    // file loaded, or this file's.
    const std::vector<InheritedDefault>& defaults_at(const std::string& parent) const {
        const std::vector<InheritedDefault>* found = &defaults_;
        const Composite* scope = root_;
        std::size_t begin = 0;
        while (scope && begin < parent.size()) {
            const std::size_t dot = parent.find('.', begin);
            const std::string name = parent.substr(begin, dot == std::string::npos ? std::string::npos : dot - begin);
            scope = dynamic_cast<const Composite*>(scope->child(name));
            if (!scope) break;
            if (auto it = budget_.subsystem_defaults.find(scope); it != budget_.subsystem_defaults.end()) found = &it->second;
            begin = dot == std::string::npos ? parent.size() : dot + 1;
        }
        return *found;
    }

    // Gives a new component the defaults it has a parameter or choice for, unless `own` (its `parameters`) sets it.
    // A value it cannot take is an error at the line of the default, naming the component.
    void apply_defaults(const std::string& name, Component& c, const YAML::Node& own, const std::vector<InheritedDefault>* in_force = nullptr) {
        const std::vector<InheritedDefault>& defaults = in_force ? *in_force : defaults_;
        if (defaults.empty()) return;
        const Model& m = describe_child(c);
        bool changed = false;
        for (const InheritedDefault& d : defaults) {
            if (own && own.IsMap() && own[d.key]) continue;
            const std::string where = "defaults." + d.key + " (for " + name + ")";
            auto refuse = [&](const std::string& why) {
                std::ostringstream s;
                s << d.file;
                if (!d.value_mark.is_null()) s << ':' << d.value_mark.line + 1 << ':' << d.value_mark.column + 1;
                s << ": " << where << ": " << why;
                throw SystemFileError(s.str());
            };
            for (auto& choice : m.choices) {
                if (choice.path != d.key) continue;
                const std::string& v = d.value;
                if (choice.spec->file_path) refuse("a file name is not a default (give it on the component)");
                if (!choice.spec->admits(v))
                    refuse("'" + v + "' is not one of " + name + "." + d.key + "'s options (" + choice.spec->options_text() + ")" + did_you_mean(v, choice.spec->options));
                *choice.value = v;
                *d.used = changed = true;
            }
            for (auto& p : m.parameters) {
                if (p.path != d.key) continue;
                double v = 0.0;
                try {
                    v = YAML::Node(d.value).as<double>();
                } catch (const YAML::Exception&) {
                    refuse("expected a number for " + name + "." + d.key + ", got '" + d.value + "'");
                }
                if (!p.spec.admits(v)) {
                    std::ostringstream s;
                    s << v << ' ' << p.spec.refusal_text(v);
                    refuse(s.str());
                }
                if (p.system_default) *p.system_default = v;
                else *p.value = v;
                *d.used = changed = true;
            }
        }
        if (changed) described_.erase(&c);   // its structure may follow the values just set
    }

    // A component of a registered type; an unknown type is an error with a suggestion.
    std::unique_ptr<Component> make_of_type(const YAML::Node& type, const std::string& path) const {
        const std::string type_name = text_of(type, path);
        const ComponentType* t = ComponentRegistry::instance().find(type_name);
        if (!t) fail(type, path, "unknown component type '" + type_name + "'" + did_you_mean(type_name, ComponentRegistry::instance().names()) +
                                     "; `lied list --components` lists them");
        return t->make();
    }

    // A path the file names must lie in the top-level file's folder tree or an allowed folder: a file from elsewhere
    // (/etc/passwd, ../../secret) is refused before it is opened.
    void confine(const YAML::Node& node, const std::string& path, const fs::path& named) const {
        std::error_code ec;
        const fs::path canonical = fs::weakly_canonical(named, ec);
        auto inside = [&](const fs::path& folder) {
            const fs::path relative = canonical.lexically_relative(folder);
            return !relative.empty() && *relative.begin() != "..";
        };
        if (!ec && inside(budget_.root_folder)) return;
        for (const fs::path& folder : allowed_folders())
            if (!ec && inside(folder)) return;
        fail(node, path, "'" + named.string() + "' is outside the folder of the top-level system file, " + budget_.root_folder.string() +
                             " (rule: a system file names only files in its own folder tree; lied --allow-folder DIR allows another)");
    }

    void count_component(const YAML::Node& node, const std::string& path) {
        if (++budget_.components > budget_.max_components)
            fail(node, path, "the system expands to more than " + std::to_string(budget_.max_components) +
                                 " components (rule: at most that many components, subsystem files counted each time they are used)");
    }

    std::unique_ptr<Component> load_subsystem(const YAML::Node& node, const std::string& path) {
        const std::string relative = text_of(node, path);
        const fs::path full = directory_ / relative;
        confine(node, path, full);
        std::error_code ec;
        const std::string canonical = fs::weakly_canonical(full, ec).string();
        if (std::find(chain_.begin(), chain_.end(), canonical) != chain_.end()) {
            std::string cycle;
            for (auto& c : chain_) cycle += fs::path(c).filename().string() + " -> ";
            fail(node, path, "subsystem files include each other: " + cycle + fs::path(canonical).filename().string());
        }
        if (static_cast<int>(chain_.size()) >= kMaxNesting) fail(node, path, "subsystems are nested too deeply");
        std::string text;
        if (const std::string error = read_system_file(full, text); !error.empty()) fail(node, path, "subsystem file: " + error);
        if (std::find(budget_.files.begin(), budget_.files.end(), canonical) == budget_.files.end()) budget_.files.push_back(canonical);
        auto chain = chain_;
        chain.push_back(canonical);
        Loader sub_loader(full.string(), full.parent_path(), chain, budget_, defaults_);
        std::unique_ptr<Composite> root = std::move(sub_loader.load(text, /*top_level=*/false).root);
        budget_.subsystem_defaults[root.get()] = sub_loader.defaults_;
        return root;
    }

    // A choice parameter (medium, loss law) by its option's name; false if `key` is not a choice.
    bool set_choice(const Model& m, const std::string& key, const YAML::Node& value, const std::string& where) const {
        for (auto& c : m.choices) {
            if (c.path != key) continue;
            std::string v = text_of(value, where);
            // A file named in a system file is found next to it, wherever lied runs.
            if (c.spec->file_path && c.spec->admits(v) && fs::path(v).is_relative()) v = (directory_ / v).lexically_normal().string();
            if (c.spec->file_path && !v.empty() && c.spec->admits(v)) confine(value, where, v);
            if (!c.spec->admits(v))
                fail(value, where, "'" + v + "' is not one of its options (" + c.spec->options_text() + ")" + did_you_mean(v, c.spec->options));
            *c.value = v;
            return true;
        }
        return false;
    }

    // A vector or matrix parameter (a state space's A) from a YAML list; false if `key` is not one. `reshaped`: the
    // value has a new shape, so the elements' entries in `m` point into storage that is gone.
    bool set_array(const Model& m, const std::string& key, const YAML::Node& value, const std::string& where, bool& reshaped) const {
        for (auto& a : m.arrays) {
            if (a.path != key) continue;
            reshaped = assign_array(*a.value, a.spec, value, where);
            return true;
        }
        return false;
    }

    // `value` (a YAML list) into `target`, checked against `spec`; true if it has a new shape.
    bool assign_array(ArrayParameter& target, const ArraySpec& spec, const YAML::Node& value, const std::string& where) const {
        ArrayParameter v;
        try {
            v = spec.with_rank_of_empty(array_from_yaml(value));
        } catch (const std::invalid_argument& e) {
            fail(value, where, e.what());
        }
        if (const std::string why = spec.refusal(v); !why.empty()) fail(value, where, why);
        const bool reshaped = !target.same_shape(v);
        if (reshaped) target = std::move(v);
        else target.assign_values(v);   // the elements keep their addresses
        return reshaped;
    }

    void set_parameters(const std::string& name, Component& c, const YAML::Node& params, const std::string& path) {
        if (!params.IsMap()) fail(params, path, "expected a map of parameter names to numbers (or option names for choices)");
        auto* composite = dynamic_cast<Composite*>(&c);
        const Model none;
        const Model* model = composite ? &none : &describe_child(c);
        std::vector<std::string> known;
        if (composite) {
            for (auto& [n, _] : composite->exposed_parameters()) known.push_back(n);
            for (auto& [n, _] : composite->exposed_arrays()) known.push_back(n);
        } else {
            for (auto& p : model->parameters)
                if (p.array < 0) known.push_back(p.path);
            for (auto& a : model->arrays) known.push_back(a.path);
            for (auto& c : model->choices) known.push_back(c.path);
        }

        for (const auto& [key, value, key_node] : entries(params, path)) {
            const Model& m = *model;
            if (!composite && set_choice(m, key, value, path + "." + key)) continue;
            bool reshaped = false;
            if (composite) {   // a subsystem's exposed array: the array it aliases takes the value
                if (auto it = composite->exposed_arrays().find(key); it != composite->exposed_arrays().end()) {
                    assign_array(*it->second.value, it->second.spec, value, path + "." + key);
                    continue;
                }
            }
            if (!composite && set_array(m, key, value, path + "." + key, reshaped)) {
                if (reshaped) {   // described again: the next names ("A[2,1]") refer to the new shape's elements
                    described_.erase(&c);
                    model = &describe_child(c);
                }
                continue;
            }
            double* target = nullptr;
            SystemDefault* follower = nullptr;   // a parameter that otherwise follows a system default
            const ParameterSpec* spec = nullptr;
            if (composite) {
                if (auto it = composite->exposed_parameters().find(key); it != composite->exposed_parameters().end()) {
                    target = it->second.value;
                    follower = it->second.follower;
                    spec = &it->second.spec;
                }
            } else {
                for (auto& p : m.parameters)
                    if (p.path == key) {
                        target = p.value;
                        follower = p.system_default;
                        spec = &p.spec;
                    }
            }
            const std::string where = path + "." + key;
            if (!target) {
                std::string hint = did_you_mean(key, known);
                if (hint.empty()) hint = known.empty() ? " (it has no parameters)" : " (parameters: " + join(known) + ")";
                fail(key_node, where, "unknown parameter '" + key + "' of " + name + " (" + c.type_name() + ")" + hint);
            }
            const double v = number_of(value, where);
            if (!spec->admits(v)) {
                std::ostringstream s;
                s << v << ' ' << spec->refusal_text(v);
                fail(value, where, s.str());
            }
            if (follower) *follower = v;
            else *target = v;
        }
        described_.erase(&c);   // its structure may follow the values just set
    }

    // ---- connections ----
    // "p1.inlet" → the plug or signal `inlet` of child `p1`.
    // `inside`: a name may reach through subsystems to a component they hold ("loop.plate.T"), as a watched signal
    // may; a connection goes through what a subsystem exposes.
    Endpoint resolve(const YAML::Node& node, const std::string& path, bool inside = false) const {
        const std::string text = text_of(node, path);
        return resolve_in(*root_, "", text, node, path, inside);
    }
    Endpoint resolve_in(const Composite& scope, const std::string& prefix, const std::string& text, const YAML::Node& node,
                        const std::string& path, bool inside) const {
        const auto dot = text.find('.');
        if (dot == std::string::npos || dot == 0 || dot + 1 == text.size())
            fail(node, path, "expected 'component.plug' or 'component.signal', got '" + prefix + text + "'");
        const std::string comp = text.substr(0, dot), member = text.substr(dot + 1);
        Component* c = scope.child(comp);
        if (!c) {
            std::string hint = did_you_mean(comp, scope.child_names());
            if (hint.empty() && !prefix.empty()) hint = " (" + prefix.substr(0, prefix.size() - 1) + " holds " + join(scope.child_names()) + ")";
            fail(node, path, "unknown component '" + prefix + comp + "'" + hint);
        }
        Endpoint e;
        e.path = prefix + text;
        std::vector<std::string> known;
        if (auto* composite = dynamic_cast<Composite*>(c)) {
            const bool exposed = composite->exposed_plugs().count(member) || composite->exposed_signals().count(member);
            if (inside && !exposed && member.find('.') != std::string::npos) return resolve_in(*composite, prefix + comp + ".", member, node, path, inside);
            if (auto it = composite->exposed_plugs().find(member); it != composite->exposed_plugs().end()) e.plug = it->second;
            if (auto it = composite->exposed_signals().find(member); it != composite->exposed_signals().end()) e.signal = it->second;
            for (auto& [n, _] : composite->exposed_plugs()) known.push_back(n);
            for (auto& [n, _] : composite->exposed_signals()) known.push_back(n);
        } else {
            const Model& m = describe_child(*c);
            for (auto& p : m.plugs) {
                known.push_back(p.path);
                if (p.path == member) e.plug = p.plug;
            }
            for (auto& offer : m.plug_offers) {   // a subcomponent's plug under the component's own name
                known.push_back(offer.path);
                if (offer.path == member) e.plug = offer.plug;
            }
            for (auto& s : m.signals) {
                const bool in_plug = s.path.find('.') != std::string::npos;   // members of plugs connect with the plug
                if (in_plug || is_time_input(m, s.signal)) continue;
                known.push_back(s.path);
                if (s.path == member) e.signal = s.signal;
            }
        }
        if (!e.plug && !e.signal) {
            std::string hint = did_you_mean(member, known);
            if (hint.empty()) hint = known.empty() ? " (it has none)" : " (it has: " + join(known) + ")";
            fail(node, path, prefix + comp + " (" + c->type_name() + ") has no plug or signal '" + member + "'" + hint);
        }
        return e;
    }

    void connect(const YAML::Node& pair, const std::string& path) {
        if (!pair.IsSequence() || pair.size() != 2) fail(pair, path, "a connection is a pair [from, to], e.g. [t1.outlet, p1.inlet]");
        const Endpoint from = resolve(pair[0], path + "[0]"), to = resolve(pair[1], path + "[1]");
        if (from.plug && to.plug) {
            const std::string a = std::string(from.plug->kind()), b = std::string(to.plug->kind());
            if (std::string(from.plug->domain()) != to.plug->domain())
                fail(pair, path, "cannot connect " + from.path + " (" + a + ") to " + to.path + " (" + b + "): different domains");
            if (!from.plug->is_outlet() && to.plug->is_outlet() && !from.plug->symmetric())
                fail(pair, path, "wrong direction: " + from.path + " is an inlet and " + to.path +
                                     " an outlet; a connection goes from an outlet to an inlet: [" + to.path + ", " + from.path + "]");
            if (from.plug->is_outlet() == to.plug->is_outlet())
                fail(pair, path, "cannot connect " + from.path + " (" + a + ") to " + to.path + " (" + b + "): " + from.plug->same_side_rule());
            for (const Endpoint* e : {&from, &to}) {
                if (auto it = connected_.find(e->plug); it != connected_.end() && !e->plug->accepts_many())
                    fail(pair, path, e->path + " is already connected (" + it->second + "); use a splitter or junction to branch");
                if (!connected_.count(e->plug) && !e->plug->accepts_many() && e->plug->any_input_bound())
                    fail(pair, path, e->path + " is connected inside its component (rule: a part's plug that its component connects "
                                     "itself takes no other connection; connect the plugs the component offers, lied describe lists them)");
            }
            if (from.plug->is_outlet()) from.plug->connect_to(*to.plug);
            else to.plug->connect_to(*from.plug);   // a symmetric connection named the other way round
            connected_[from.plug] = path;
            connected_[to.plug] = path;
            return;
        }
        if (from.signal && to.signal) {
            if (from.signal->is_in() && !to.signal->is_in())
                fail(pair, path, "wrong direction: " + from.path + " is an input and " + to.path +
                                     " an output; a connection goes from an output to an input: [" + to.path + ", " + from.path + "]");
            if (from.signal->is_in() || !to.signal->is_in())
                fail(pair, path, "a signal connection goes from an output to an input; " + from.path + " and " + to.path +
                                     " are both " + (from.signal->is_in() ? "inputs" : "outputs"));
            auto* in = static_cast<InBase*>(to.signal);
            if (auto it = connected_.find(to.signal); it != connected_.end())
                fail(pair, path, to.path + " is already connected (" + it->second + "); an input reads one output");
            if (!in->connect_any(*static_cast<OutBase*>(from.signal)))
                fail(pair, path, "cannot connect " + from.path + " (" + from.signal->type_name() + ") to " + to.path + " (" +
                                     to.signal->type_name() + "): different types of value");
            connected_[to.signal] = path;
            return;
        }
        fail(pair, path, "cannot connect " + std::string(from.plug ? "plug " : "signal ") + from.path + " to " +
                             (to.plug ? "plug " : "signal ") + to.path + ": plugs connect to plugs, signals to signals");
    }

    // ---- inputs and outputs ----
    // The name of a new input or output (`what`): an identifier no child (`taken_by`) has.
    void check_new_name(const YAML::Node& key, const std::string& path, const std::string& name, const std::string& what, const std::string& taken_by) const {
        if (!is_identifier(name)) fail(key, path, what + " names are identifiers (letters, digits, _), got '" + name + "'");
        if (root_->child(name)) fail(key, path, "'" + name + "' is " + taken_by + " already (rule: an " + what + "'s name is new)");
    }
    // Each input becomes an Input component of that name, connected to the signal inputs it drives.
    void read_inputs(const YAML::Node& inputs) {
        if (!inputs.IsMap()) fail(inputs, "inputs", "expected a map of input names to {unit, start, min, max, description, drives}");
        for (const auto& [name, spec, key_node] : entries(inputs, "inputs")) {
            const std::string path = "inputs." + name;
            check_new_name(key_node, path, name, "input", "a component");
            if (!spec.IsMap()) fail(spec, path, "expected a map with unit, start, min, max, description and drives");
            check_keys(spec, path, kInputKeys);
            auto input = std::make_unique<components::Input>();
            if (spec["unit"]) input->unit = text_of(spec["unit"], path + ".unit");
            if (spec["description"]) input->description = text_of(spec["description"], path + ".description");
            if (spec["min"]) input->min = number_of(spec["min"], path + ".min");
            if (spec["max"]) input->max = number_of(spec["max"], path + ".max");
            if (spec["start"]) input->start = number_of(spec["start"], path + ".start");
            else if (input->min > 0 || input->max < 0) input->start = input->min > 0 ? input->min : input->max;
            if (!(input->min <= input->max)) fail(spec, path, "min > max (rule: an input's range has min <= max)");
            if (!(input->start >= input->min && input->start <= input->max))
                fail(spec["start"], path + ".start", "the start value lies outside [min, max] (rule: an input starts inside its range)");
            count_component(spec, path);
            const std::string description = input->description;
            Component& c = root_->add(name, std::move(input), description);
            component_nodes_[name] = spec;
            const YAML::Node drives = spec["drives"];
            if (!drives) continue;
            if (!drives.IsSequence()) fail(drives, path + ".drives", "expected a list of signal inputs, e.g. [pump.omega_input]");
            for (std::size_t i = 0; i < drives.size(); ++i) {
                const std::string where = path + ".drives[" + std::to_string(i) + "]";
                const Endpoint to = resolve(drives[i], where);
                if (!to.signal || !to.signal->is_in()) fail(drives[i], where, to.path + " is not a signal input (rule: an input drives signal inputs)");
                if (auto it = connected_.find(to.signal); it != connected_.end())
                    fail(drives[i], where, to.path + " is already connected (" + it->second + "); an input reads one output");
                if (!static_cast<InBase*>(to.signal)->connect_any(static_cast<components::Input&>(c).y))
                    fail(drives[i], where, to.path + " reads a " + to.signal->type_name() + ", not a number");
                connected_[to.signal] = where;
            }
        }
    }

    // Each output names a value of a component: "T_out: radiator.T_outA" or {value: radiator.T_outA, description}.
    void read_outputs(const YAML::Node& outputs) {
        if (!outputs.IsMap()) fail(outputs, "outputs", "expected a map of output names to values ('component.variable')");
        for (const auto& [name, spec, key_node] : entries(outputs, "outputs")) {
            const std::string path = "outputs." + name;
            check_new_name(key_node, path, name, "output", "a component or input");
            // (A yaml-cpp Node assigned to another writes into the node it refers to: each is bound once.)
            const YAML::Node value = spec.IsMap() ? spec["value"] : spec;
            std::string description;
            if (spec.IsMap()) {
                check_keys(spec, path, kOutputKeys);
                if (!value) fail(spec, path, "missing 'value' (the component's value it names, e.g. radiator.T_outA)");
                if (spec["description"]) description = text_of(spec["description"], path + ".description");
            }
            const std::string target = text_of(value, path);
            check_value_name(value, path, target);
            root_->add_output(name, target, description);
        }
    }

    // `name` ("radiator.T_outA", or an input's name) is a value the system will have; subsystems are checked at build.
    void check_value_name(const YAML::Node& node, const std::string& path, const std::string& name) const {
        const auto dot = name.find('.');
        Component* c = root_->child(dot == std::string::npos ? name : name.substr(0, dot));
        if (c && dot == std::string::npos && dynamic_cast<components::Input*>(c)) return;
        if (!c || dot == std::string::npos) {
            fail(node, path, "'" + name + "' is no value of a component (expected 'component.variable'" +
                                 did_you_mean(name.substr(0, dot), root_->child_names()) + ")");
        }
        if (dynamic_cast<Composite*>(c)) return;
        const std::string member = name.substr(dot + 1);
        const Model& m = describe_child(*c);
        std::vector<std::string> known;
        for (auto& st : m.states) known.push_back(st.path);
        for (auto& v : m.variables) known.push_back(v.path);
        for (auto& p : m.parameters) known.push_back(p.path);
        if (std::find(known.begin(), known.end(), member) == known.end())
            fail(node, path, name.substr(0, dot) + " (" + c->type_name() + ") has no value '" + member + "'" + did_you_mean(member, known));
    }

    // ---- subsystem interface ----
    void read_expose(const YAML::Node& expose) {
        if (!expose.IsMap()) fail(expose, "expose", "expected a map with plugs, signals and/or parameters");
        check_keys(expose, "expose", kExposeKeys);
        auto each = [&](const char* key, auto&& f) {
            const YAML::Node m = expose[key];
            if (!m) return;
            const std::string path = std::string("expose.") + key;
            if (!m.IsMap()) fail(m, path, "expected a map of exposed names to 'component.member'");
            for (const auto& [name, target, key_node] : entries(m, path)) {
                if (!is_identifier(name)) fail(key_node, path + "." + name, "exposed names are identifiers, got '" + name + "'");
                f(name, target, path + "." + name);
            }
        };
        each("plugs", [&](const std::string& name, const YAML::Node& target, const std::string& path) {
            const Endpoint e = resolve(target, path);
            if (!e.plug) fail(target, path, e.path + " is a signal, not a plug (expose it under 'signals')");
            root_->expose_plug(name, *e.plug);
            exposed_.insert(e.plug);
        });
        each("signals", [&](const std::string& name, const YAML::Node& target, const std::string& path) {
            const Endpoint e = resolve(target, path);
            if (!e.signal) fail(target, path, e.path + " is a plug, not a signal (expose it under 'plugs')");
            root_->expose_signal(name, *e.signal);
            exposed_.insert(e.signal);
        });
        each("parameters", [&](const std::string& name, const YAML::Node& target, const std::string& path) {
            const std::string text = text_of(target, path);
            const auto dot = text.find('.');
            Component* c = dot == std::string::npos ? nullptr : root_->child(text.substr(0, dot));
            if (!c) fail(target, path, "expected 'component.parameter', got '" + text + "'");
            const std::string member = text.substr(dot + 1);
            if (auto* composite = dynamic_cast<Composite*>(c)) {
                if (auto array = composite->exposed_arrays().find(member); array != composite->exposed_arrays().end()) {
                    root_->expose_array(name, *array->second.value, array->second.spec);
                    return;
                }
                auto it = composite->exposed_parameters().find(member);
                if (it == composite->exposed_parameters().end()) fail(target, path, text.substr(0, dot) + " exposes no parameter '" + member + "'");
                root_->expose_parameter(name, *it->second.value, it->second.spec, it->second.follower);
                return;
            }
            const Model& m = describe_child(*c);
            for (auto& a : m.arrays)
                if (a.path == member) {   // a vector or matrix: the subsystem offers the whole array under its name
                    root_->expose_array(name, *a.value, a.spec);
                    return;
                }
            std::vector<std::string> known;
            for (auto& p : m.parameters) {
                if (p.array >= 0) {   // an element would point into storage that a new shape frees
                    if (p.path == member)
                        fail(target, path, text + " is an element of the array " + text.substr(0, dot + 1) + m.arrays[static_cast<std::size_t>(p.array)].path +
                                               " (rule: a subsystem exposes a vector or matrix whole, as its shape may change)");
                    continue;
                }
                known.push_back(p.path);
                if (p.path == member) {
                    root_->expose_parameter(name, *p.value, p.spec, p.system_default);
                    return;
                }
            }
            fail(target, path, text.substr(0, dot) + " (" + c->type_name() + ") has no parameter '" + member + "'" + did_you_mean(member, known));
        });
    }

    // Every plug and required input is connected, or exposed for the including file to connect.
    void check_unconnected(bool top_level) const {
        for (const auto& name : root_->child_names()) {
            Component* c = root_->child(name);
            const YAML::Node& node = component_nodes_.at(name);
            auto report = [&](const std::string& what) {
                fail(node, "components." + name, what + " is not connected (rule: every plug and input of a component is connected" +
                                                     std::string(top_level ? ")" : ", or exposed for the including file to connect)"));
            };
            auto unbound = [](SignalBase& s) {
                if (!s.is_in()) return false;
                auto& in = static_cast<InBase&>(s);
                return !in.source() && !in.optional();
            };
            if (auto* composite = dynamic_cast<Composite*>(c)) {
                for (auto& [pname, plug] : composite->exposed_plugs())
                    if (!connected_.count(plug) && !exposed_.count(plug) && !plug->accepts_many()) report(name + "." + pname);
                for (auto& [sname, signal] : composite->exposed_signals())
                    if (unbound(*signal) && !connected_.count(signal) && !exposed_.count(signal)) report(name + "." + sname);
                continue;
            }
            const Model& m = describe_child(*c);
            // A plug that takes many connections may take none (a free end of a mechanism); one the component connects
            // inside itself (JunctionNM's junctionN.outlet to its splitterN.inlet) counts as connected.
            for (auto& p : m.plugs)
                if (!connected_.count(p.plug) && !exposed_.count(p.plug) && !p.plug->accepts_many() && !p.plug->any_input_bound())
                    report(name + "." + p.path);
            for (auto& s : m.signals)
                if (s.path.find('.') == std::string::npos && !is_time_input(m, s.signal) && unbound(*s.signal) && !exposed_.count(s.signal))
                    report(name + "." + s.path);
        }
    }

    // ---- actions: structural changes at given times ----
    // Each action becomes one StructuralChange, its edits in a fixed order: disconnect, remove, replace, add,
    // connect, set; then `initial` sets new states from the previous structure's (`{from: stages.w, plus: 0}`) or
    // to numbers. Components are made and their parameters checked now; paths are checked when the action runs,
    // against the structure of that moment (a refused action names itself and leaves the run as it was).
    void read_actions(const YAML::Node& actions, std::vector<std::pair<double, StructuralChange>>& out,
                      std::vector<std::pair<std::string, StructuralChange>>& out_on_event) {
        if (!actions.IsSequence()) fail(actions, "actions", "expected a list of actions, each with 'at' (a time in s) or 'when' (a state event) and its edits");
        double previous_time = -1.0;
        for (std::size_t i = 0; i < actions.size(); ++i) {
            const YAML::Node a = actions[i];
            const std::string path = "actions[" + std::to_string(i) + "]";
            if (!a.IsMap()) fail(a, path, "expected a map with 'at' or 'when' and edits (" + join(kActionKeys) + ")");
            check_keys(a, path, kActionKeys);
            if (!a["at"] == !a["when"]) fail(a, path, "give either 'at' (a time in s) or 'when' (a state event), one of them");
            std::string event;
            double at = 0.0;
            if (a["when"]) {
                event = add_trigger(a["when"], path + ".when", i);
            } else {
                at = number_of(a["at"], path + ".at");
                if (!(at >= 0) || !std::isfinite(at)) fail(a["at"], path + ".at", "expected a finite time >= 0 s");
                if (at < previous_time) fail(a["at"], path + ".at", "actions are listed in time order (the one before is at " + std::to_string(previous_time) + " s)");
                previous_time = at;
            }
            StructuralChange change(a["description"] ? text_of(a["description"], path + ".description") : "action " + std::to_string(i + 1) + " of " + file_);
            auto pairs = [&](const char* key, auto&& edit) {
                const YAML::Node list = a[key];
                if (!list) return;
                if (!list.IsSequence()) fail(list, path + "." + key, "expected a list of [a, b] pairs");
                for (std::size_t k = 0; k < list.size(); ++k) {
                    const std::string where = path + "." + key + "[" + std::to_string(k) + "]";
                    if (!list[k].IsSequence() || list[k].size() != 2) fail(list[k], where, "expected a pair [a, b] of plugs or signals");
                    edit(text_of(list[k][0], where + "[0]"), text_of(list[k][1], where + "[1]"));
                }
            };
            pairs("disconnect", [&](const std::string& x, const std::string& y) { change.disconnect(x, y); });
            if (const YAML::Node list = a["remove"]) {
                if (!list.IsSequence()) fail(list, path + ".remove", "expected a list of component names");
                for (std::size_t k = 0; k < list.size(); ++k) change.remove(text_of(list[k], path + ".remove[" + std::to_string(k) + "]"));
            }
            if (const YAML::Node map = a["replace"])
                for (const auto& e : entries(map, path + ".replace")) {
                    change.replace(e.key, make_component(e.key, e.value, e.key_node, path + ".replace." + e.key));
                    start_values_given_win(e.key, e.value, change);
                }
            if (const YAML::Node map = a["add"])
                for (const auto& e : entries(map, path + ".add")) {
                    // `loop.split`: a component added inside the subsystem `loop` (the change checks that it exists).
                    const std::string where = path + ".add." + e.key;
                    const auto dot = e.key.rfind('.');
                    const std::string parent = dot == std::string::npos ? "" : e.key.substr(0, dot), name = e.key.substr(dot + 1);
                    if (!is_identifier(name)) fail(e.key_node, where, "component names are identifiers (letters, digits, _), got '" + name + "'");
                    const std::string description = e.value.IsMap() && e.value["description"] ? text_of(e.value["description"], where + ".description") : "";
                    change.add(parent, name, make_component(e.key, e.value, e.key_node, where), description);
                }
            pairs("connect", [&](const std::string& x, const std::string& y) { change.connect(x, y); });
            if (const YAML::Node map = a["set"])
                for (const auto& e : entries(map, path + ".set")) {
                    const std::string where = path + ".set." + e.key;
                    if (!e.value.IsSequence()) {
                        change.set_parameter(e.key, number_of(e.value, where));
                        continue;
                    }
                    try {
                        change.set_parameter(e.key, array_from_yaml(e.value));   // checked against its spec when the action runs
                    } catch (const std::invalid_argument& error) {
                        fail(e.value, where, error.what());
                    }
                }
            if (const YAML::Node list = a["start_fresh"]) {
                if (!list.IsSequence()) fail(list, path + ".start_fresh", "expected a list of component paths");
                for (std::size_t k = 0; k < list.size(); ++k) change.start_fresh(text_of(list[k], path + ".start_fresh[" + std::to_string(k) + "]"));
            }
            if (const YAML::Node map = a["initial"]) read_initial(map, path + ".initial", change);
            if (event.empty()) out.emplace_back(at, std::move(change));
            else out_on_event.emplace_back(event, std::move(change));
        }
    }

    // `when: {signal: t1.level, crosses: 1.2, direction: up}`: a Trigger component `when_<k>` watching an output
    // (a state or a signal a component sends); returns the name of its event.
    std::string add_trigger(const YAML::Node& when, const std::string& path, std::size_t index) {
        if (!when.IsMap()) fail(when, path, "expected {signal: <an output, e.g. a state>, crosses: <number>, direction: up|down|both}");
        check_keys(when, path, {"signal", "crosses", "direction"});
        if (!when["signal"] || !when["crosses"]) fail(when, path, "expected 'signal' and 'crosses'");
        const Endpoint watched = resolve(when["signal"], path + ".signal", /*inside=*/true);
        if (!watched.signal || watched.signal->is_in())
            fail(when["signal"], path + ".signal", "'" + watched.path + "' is not an output a trigger can watch (a state or a signal a component sends)");
        const std::string name = "when_" + std::to_string(index + 1);
        if (root_->child(name)) fail(when, path, "a component is named '" + name + "' already; the trigger of this action takes that name");
        auto trigger = std::make_unique<components::Trigger>();
        trigger->threshold = number_of(when["crosses"], path + ".crosses");
        if (!std::isfinite(trigger->threshold)) fail(when["crosses"], path + ".crosses", "expected a finite number");
        if (const YAML::Node d = when["direction"]) {
            using Direction = components::Trigger::Direction;
            const std::string direction = text_of(d, path + ".direction");
            if (direction == "up") trigger->direction = Direction::up;
            else if (direction == "down") trigger->direction = Direction::down;
            else if (direction == "both") trigger->direction = Direction::both;
            else fail(d, path + ".direction", "expected up, down or both");
        }
        if (!trigger->u.connect_any(*static_cast<const OutBase*>(watched.signal)))
            fail(when["signal"], path + ".signal", "'" + watched.path + "' carries no real number");
        root_->add(name, std::move(trigger), "starts " + path + " when " + watched.path + " crosses " + when["crosses"].Scalar());
        return name + ".crossed";
    }

    // A component of an action: a registered type with parameters, made and checked as under `components`.
    // `name` may be a path into subsystems ("loop.split"): the component takes the defaults in force there.
    std::unique_ptr<Component> make_component(const std::string& name, const YAML::Node& spec, const YAML::Node& key, const std::string& path) {
        if (!spec.IsMap()) fail(spec, path, "expected a map with 'type' and optional 'parameters'");
        check_keys(spec, path, {"type", "description", "parameters"});
        if (!spec["type"]) fail(spec, path, "missing 'type' (a component type, see `lied list --components`)");
        std::unique_ptr<Component> c = make_of_type(spec["type"], path + ".type");
        count_component(key, path);
        const auto dot = name.rfind('.');
        apply_defaults(name, *c, spec["parameters"], &defaults_at(dot == std::string::npos ? "" : name.substr(0, dot)));
        if (const YAML::Node params = spec["parameters"]) set_parameters(name, *c, params, path + ".parameters");
        described_.erase(c.get());
        return c;
    }

    // A replacement's states are carried over by name, but a start value its parameters give (`h0: 2` of a tank)
    // is the user's word for the new component: it wins. Without it, a tank of twice the area would keep the old
    // level and so hold twice the water (the balance auditor refuses that change and says so).
    void start_values_given_win(const std::string& name, const YAML::Node& spec, StructuralChange& change) {
        const YAML::Node params = spec.IsMap() ? spec["parameters"] : YAML::Node();
        if (!params || !params.IsMap()) return;
        std::vector<std::string> given;
        for (const auto& p : params) given.push_back(name + "." + p.first.Scalar());
        change.start_values_win(std::move(given));
    }

    // `initial: {stage1.w: {from: stages.w}, stage1.s: {from: stages.s, plus: -0.75}, tank.level: 0.3}`.
    void read_initial(const YAML::Node& map, const std::string& path, StructuralChange& change) {
        for (const auto& e : entries(map, path)) {
            const std::string where = path + "." + e.key;
            std::string from;
            double plus = 0.0, value = 0.0;
            if (e.value.IsMap()) {
                check_keys(e.value, where, {"from", "plus"});
                if (!e.value["from"]) fail(e.value, where, "expected {from: <state of the previous structure>, plus: <number>} or a number");
                from = text_of(e.value["from"], where + ".from");
                if (e.value["plus"]) plus = number_of(e.value["plus"], where + ".plus");
            } else {
                value = number_of(e.value, where);
            }
            if (!std::isfinite(plus) || !std::isfinite(value)) fail(e.value, where, "expected a finite number");
            change.initialize([state = e.key, from, plus, value](const PreviousValues& previous, Simulator& sim) {
                sim.set_state(state, from.empty() ? value : previous(from) + plus);
            });
        }
    }

    // ---- run settings ----
    void read_run(const YAML::Node& run, RunSettings& settings) const {
        if (!run.IsMap()) fail(run, "run", "expected a map with " + join(kRunKeys));
        check_keys(run, "run", kRunKeys);
        if (run["t_end"]) settings.t_end = positive_number(run["t_end"], "run.t_end");
        if (run["dt"]) settings.dt = positive_number(run["dt"], "run.dt");
        if (run["interval"]) settings.interval = positive_number(run["interval"], "run.interval");
        if (run["rtol"]) settings.rtol = positive_number(run["rtol"], "run.rtol");
        if (run["atol"]) settings.atol = positive_number(run["atol"], "run.atol");
        if (run["max_step"]) settings.max_step = positive_number(run["max_step"], "run.max_step");
        if (const YAML::Node k = run["jacobian_interval"]) {
            const double v = positive_number(k, "run.jacobian_interval");
            if (v != std::floor(v) || v > 1e6) fail(k, "run.jacobian_interval", "expected a whole number of steps from 1 to 1000000");
            settings.jacobian_interval = static_cast<int>(v);
        }
        if (const YAML::Node check = run["step_check"]) {
            const std::string mode = text_of(check, "run.step_check");
            try {
                settings.step_check = check_mode_from_string(mode);
            } catch (const std::invalid_argument& e) {
                fail(check, "run.step_check", e.what());
            }
        }
        if (const YAML::Node check = run["balance_check"]) {
            const std::string mode = text_of(check, "run.balance_check");
            try {
                settings.balance_check = check_mode_from_string(mode);
            } catch (const std::invalid_argument& e) {
                fail(check, "run.balance_check", e.what());
            }
        }
        if (const YAML::Node steady = run["steady_state"]) read_steady_state(steady, settings);
        if (run["solver"]) {
            settings.solver = text_of(run["solver"], "run.solver");
            const auto& names = integrator_names();
            if (std::find(names.begin(), names.end(), settings.solver) == names.end())
                fail(run["solver"], "run.solver", "unknown solver '" + settings.solver + "'" + did_you_mean(settings.solver, names) +
                                                      " (known solvers: " + join(names) + ")");
        }
        if (const YAML::Node inputs = run["inputs"]) {
            const fs::path full = (directory_ / text_of(inputs, "run.inputs")).lexically_normal();
            confine(inputs, "run.inputs", full);
            settings.inputs = full.string();
            std::error_code ec;
            const std::string canonical = fs::weakly_canonical(full, ec).string();   // read by the run: no output overwrites it
            if (std::find(budget_.files.begin(), budget_.files.end(), canonical) == budget_.files.end()) budget_.files.push_back(canonical);
        }
        if (const YAML::Node interpolation = run["input_interpolation"]) {
            settings.input_interpolation = text_of(interpolation, "run.input_interpolation");
            if (settings.input_interpolation != "linear" && settings.input_interpolation != "hold")
                fail(interpolation, "run.input_interpolation", "expected linear or hold, got '" + settings.input_interpolation + "'");
        }
        if (const YAML::Node record = run["record"]) {
            if (!record.IsSequence()) fail(record, "run.record", "expected a list of variable names");
            std::vector<std::string> known{"time"};
            for (auto& out : root_->outputs()) known.push_back(out.name);
            for (const auto& name : root_->child_names())
                if (dynamic_cast<components::Input*>(root_->child(name))) known.push_back(name);
            for (auto& [name, _] : root_->exposed_parameters()) known.push_back(name);
            for (auto& [at, change] : *actions_)   // variables of components that actions add
                for (auto& name : change.added_value_names()) known.push_back(name);
            for (auto& [event, change] : *event_actions_)
                for (auto& name : change.added_value_names()) known.push_back(name);
            // A component whose vector or matrix an action sets may get new values then (a state space's third
            // state): its names are taken on trust, and the run records them from when they exist.
            std::vector<std::string> reshaped;
            auto owners_of_set_parameters = [&](const StructuralChange& change) {
                for (auto& name : change.set_array_names())
                    if (const auto dot = name.rfind('.'); dot != std::string::npos) reshaped.push_back(name.substr(0, dot + 1));
            };
            for (auto& entry : *actions_) owners_of_set_parameters(entry.second);
            for (auto& entry : *event_actions_) owners_of_set_parameters(entry.second);
            for (const auto& entry : record)
                if (entry.IsScalar())
                    for (auto& prefix : reshaped)
                        if (entry.Scalar().compare(0, prefix.size(), prefix) == 0) known.push_back(entry.Scalar());
            each_child_model([&](const std::string& prefix, const Model& m) {
                for (auto& s : m.states) known.push_back(prefix + s.path);
                for (auto& v : m.variables) known.push_back(prefix + v.path);
                for (auto& p : m.parameters) known.push_back(prefix + p.path);
            });
            settings.recorded = names_from(record, "run.record", known, [](const std::string& n) { return "unknown variable '" + n + "'"; });
        }
    }

    // The model of the whole system, child by child from the kept descriptions (the root only adds its
    // exposed parameters): `f(prefix, model)` with prefix "child.".
    template <class F>
    void each_child_model(F&& f) const {
        for (const auto& name : root_->child_names()) f(name + ".", describe_child(*root_->child(name)));
    }

    // The texts of a list, each one of `known`; `complaint` says what an unknown one is not.
    template <class Complaint>
    std::vector<std::string> names_from(const YAML::Node& list, const std::string& key, const std::vector<std::string>& known,
                                        Complaint complaint) const {
        std::vector<std::string> names;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string path = key + "[" + std::to_string(i) + "]";
            const std::string name = text_of(list[i], path);
            if (std::find(known.begin(), known.end(), name) == known.end()) fail(list[i], path, complaint(name) + did_you_mean(name, known));
            names.push_back(name);
        }
        return names;
    }

    // `steady_state: true` (every derivative zero) or a list of the states whose derivatives are zero.
    void read_steady_state(const YAML::Node& steady, RunSettings& settings) const {
        const std::string rule = "expected true, false or a list of state names";
        if (steady.IsScalar()) {
            const std::string v = steady.Scalar();
            if (v != "true" && v != "false") fail(steady, "run.steady_state", rule);
            settings.steady_state = v == "true";
            return;
        }
        if (!steady.IsSequence()) fail(steady, "run.steady_state", rule);
        std::vector<std::string> states;
        each_child_model([&](const std::string& prefix, const Model& m) {
            for (auto& st : m.states) states.push_back(prefix + st.path);
        });
        settings.steady_state = true;
        settings.steady_states = names_from(steady, "run.steady_state", states, [](const std::string& n) { return "'" + n + "' is not a state"; });
    }

    std::string file_;
    fs::path directory_;
    std::vector<std::string> chain_;
    LoadBudget& budget_;
    Composite* root_ = nullptr;
    std::map<std::string, YAML::Node> component_nodes_;
    std::map<const void*, std::string> connected_;   // plug or input → the connection that bound it
    mutable std::map<const Component*, Model> described_;
    const std::vector<std::pair<double, StructuralChange>>* actions_ = nullptr;
    const std::vector<std::pair<std::string, StructuralChange>>* event_actions_ = nullptr;
    std::set<const void*> exposed_;
    std::vector<InheritedDefault> defaults_;   // the file's own and those of the files that use it, the nearest winning
};

}  // namespace

LoadedSystem parse_system_text(const std::string& text, const std::string& file_name, const std::string& directory,
                               std::size_t max_components) {
    std::error_code ec;
    const std::string canonical = fs::weakly_canonical(fs::path(directory) / fs::path(file_name).filename(), ec).string();
    LoadBudget budget;
    budget.root_folder = fs::weakly_canonical(fs::absolute(directory.empty() ? fs::path(".") : fs::path(directory)), ec);
    budget.files.push_back(canonical);
    budget.max_components = max_components;
    Loader loader(file_name, directory, {canonical}, budget);
    try {
        LoadedSystem sys = loader.load(text, /*top_level=*/true);
        sys.files = budget.files;
        return sys;
    } catch (const SystemFileError&) {
        throw;
    } catch (const YAML::Exception& e) {   // anything yaml-cpp raises beyond the parser: still a file error
        throw SystemFileError(file_name + ": " + e.what());
    }
}

LoadedSystem load_system_file(const std::string& path, std::size_t max_components) {
    std::string text;
    if (const std::string error = read_system_file(path, text); !error.empty()) throw SystemFileError(path + ": " + error);
    return parse_system_text(text, path, fs::path(path).parent_path().string(), max_components);
}

void allow_folder(const std::string& folder) {
    std::error_code ec;
    allowed_folders().push_back(fs::weakly_canonical(fs::absolute(folder), ec));
}

void clear_allowed_folders() { allowed_folders().clear(); }

SystemFileHeader read_system_file_header(const std::string& path) {
    std::string text;
    if (const std::string error = read_system_file(path, text); !error.empty()) throw SystemFileError(path + ": " + error);
    YAML::Node doc;
    try {   // three scalars are read: an alias is a shared node here, never expanded
        doc = YAML::Load(text);
    } catch (const YAML::Exception& e) {
        throw SystemFileError(path + ": syntax error: " + e.what());
    }
    if (!doc.IsMap()) throw SystemFileError(path + ": a system file is a map (system, description, components, ...)");
    SystemFileHeader header;
    auto scalar = [&](const char* key) {
        const YAML::Node node = doc[key];
        return node && node.IsScalar() ? node.Scalar() : std::string();
    };
    header.name = scalar("system");
    header.description = scalar("description");
    header.subsystem = static_cast<bool>(doc["expose"]);
    return header;
}

bool is_system_file_name(const std::string& argument) {
    for (const char* ext : {".yaml", ".yml", ".json"}) {
        const std::string e = ext;
        if (argument.size() > e.size() && argument.compare(argument.size() - e.size(), e.size(), e) == 0) return true;
    }
    return false;
}

}  // namespace lied::systems
