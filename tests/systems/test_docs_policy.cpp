// What the documentation may say. Its code is compiled and run elsewhere (docs.cpp_snippets, docs.yaml_*: every
// block of README.md and docs/, through scripts/doc-snippets.py); here: a reader of the repository has nothing but
// the repository, so the docs cite papers by title, never a path outside it, and never the team's issue numbers.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::filesystem::path> pages() {
    const std::filesystem::path root(LIED_SOURCE_DIR);
    std::vector<std::filesystem::path> list{root / "README.md"};
    for (auto& entry : std::filesystem::recursive_directory_iterator(root / "docs"))
        if (entry.path().extension() == ".md") list.push_back(entry.path());
    return list;
}

std::string read(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("docs: cite papers by title, never a path outside the repository or an issue number") {
    const std::regex issue(R"(\bissues? #?[0-9]+\b)", std::regex::icase);
    const auto list = pages();
    CHECK(list.size() > 10);
    for (auto& page : list) {
        CAPTURE(page.string());
        const std::string text = read(page);
        // The forbidden names are spelt in parts, so that a search of the repository for them finds none here.
        CHECK(text.find(std::string("../") + "shared") == std::string::npos);
        CHECK(text.find(std::string("papers/") + "0") == std::string::npos);
        CHECK(text.find(std::string("DESIGN") + ".md") == std::string::npos);
        CHECK_FALSE(std::regex_search(text, issue));
    }
}

TEST_CASE("docs: the README stays a front door") {
    const std::string text = read(std::filesystem::path(LIED_SOURCE_DIR) / "README.md");
    const auto lines = std::count(text.begin(), text.end(), '\n');
    CHECK(lines <= 250);
    // The two commands come first: a reader on a fresh machine needs nothing else to start.
    CHECK(text.find("bash scripts/run-example.sh") < 200);
    CHECK(text.find("bash scripts/test.sh") < 400);
}
