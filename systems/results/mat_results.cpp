#include "systems/results/mat_results.h"

#include <matio.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>

namespace lied::systems {
namespace {

struct MatCloser {
    void operator()(mat_t* m) const { Mat_Close(m); }
};
struct VarFreer {
    void operator()(matvar_t* v) const { Mat_VarFree(v); }
};
using MatFile = std::unique_ptr<mat_t, MatCloser>;
using MatVar = std::unique_ptr<matvar_t, VarFreer>;

// Strings as the columns of a char matrix (each padded with NUL to the longest), as binTrans stores names.
std::vector<std::uint8_t> char_columns(const std::vector<std::string>& strings, std::size_t& length) {
    length = 1;
    for (auto& s : strings) length = std::max(length, s.size());
    std::vector<std::uint8_t> data(length * strings.size(), 0);
    for (std::size_t j = 0; j < strings.size(); ++j) std::copy(strings[j].begin(), strings[j].end(), data.begin() + static_cast<long>(j * length));
    return data;
}

class Writer {
public:
    explicit Writer(const std::string& path) : path_(path), file_(Mat_CreateVer(path.c_str(), nullptr, MAT_FT_MAT4)) {
        if (!file_) throw std::runtime_error("cannot write '" + path + "' (matio could not create the file)");
    }
    void write(const char* name, matio_classes cls, matio_types type, std::size_t rows, std::size_t cols, void* data) {
        std::size_t dims[2] = {rows, cols};
        MatVar v(Mat_VarCreate(name, cls, type, 2, dims, data, MAT_F_DONT_COPY_DATA));
        if (!v || Mat_VarWrite(file_.get(), v.get(), MAT_COMPRESSION_NONE) != 0)
            throw std::runtime_error("error while writing matrix '" + std::string(name) + "' to '" + path_ + "'");
    }
    void write_strings(const char* name, const std::vector<std::string>& strings) {
        std::size_t length = 0;
        std::vector<std::uint8_t> data = char_columns(strings, length);
        write(name, MAT_C_CHAR, MAT_T_UINT8, length, strings.size(), data.data());
    }

    // Buffered writes fail at the latest when the file closes (a full disk): the close is checked, not left to the
    // destructor.
    void close() {
        if (Mat_Close(file_.release()) != 0) throw std::runtime_error("error while writing '" + path_ + "': the file could not be completed (a full disk?)");
    }

private:
    std::string path_;
    MatFile file_;
};

std::string with_unit(const ResultVariable& v) {
    if (v.unit.empty()) return v.description;
    return v.description.empty() ? "[" + v.unit + "]" : v.description + " [" + v.unit + "]";
}

// A numeric matrix as doubles, column-major, whatever its stored class.
std::vector<double> as_doubles(const matvar_t& v, const std::string& path) {
    const std::size_t n = v.rank == 2 ? v.dims[0] * v.dims[1] : 0;
    std::vector<double> out(n);
    switch (v.data_type) {
        case MAT_T_DOUBLE: std::copy_n(static_cast<const double*>(v.data), n, out.begin()); break;
        case MAT_T_SINGLE: std::copy_n(static_cast<const float*>(v.data), n, out.begin()); break;
        case MAT_T_INT32: std::copy_n(static_cast<const std::int32_t*>(v.data), n, out.begin()); break;
        case MAT_T_INT16: std::copy_n(static_cast<const std::int16_t*>(v.data), n, out.begin()); break;
        case MAT_T_UINT16: std::copy_n(static_cast<const std::uint16_t*>(v.data), n, out.begin()); break;
        case MAT_T_UINT8: std::copy_n(static_cast<const std::uint8_t*>(v.data), n, out.begin()); break;
        default: throw std::runtime_error(path + ": matrix '" + std::string(v.name) + "' has a data type a result file does not use");
    }
    return out;
}

// The strings of a char matrix: its columns (binTrans) or its rows (binNormal); trailing NUL and blanks cut.
std::vector<std::string> strings_of(const matvar_t& v, bool columns, const std::string& path) {
    const std::vector<double> c = as_doubles(v, path);
    const std::size_t rows = v.dims[0], cols = v.dims[1];
    const std::size_t count = columns ? cols : rows, length = columns ? rows : cols;
    std::vector<std::string> out(count);
    for (std::size_t j = 0; j < count; ++j) {
        for (std::size_t i = 0; i < length; ++i) {
            const double ch = columns ? c[j * rows + i] : c[i * rows + j];
            out[j] += static_cast<char>(static_cast<unsigned char>(ch));
        }
        while (!out[j].empty() && (out[j].back() == '\0' || out[j].back() == ' ')) out[j].pop_back();
    }
    return out;
}

}  // namespace

bool is_mat_file_name(const std::string& path) {
    std::string e = std::filesystem::path(path).extension().string();
    for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return e == ".mat";
}

void write_mat_results(const std::string& path, const ResultTable& t) {
    Writer w(path);
    // Aclass: four strings as the rows of a 4×11 char matrix.
    const std::vector<std::string> aclass = {"Atrajectory", "1.1", "", "binTrans"};
    std::vector<std::uint8_t> a(4 * 11, ' ');
    for (std::size_t r = 0; r < 4; ++r)
        for (std::size_t c = 0; c < aclass[r].size(); ++c) a[c * 4 + r] = static_cast<std::uint8_t>(aclass[r][c]);
    w.write("Aclass", MAT_C_CHAR, MAT_T_UINT8, 4, 11, a.data());

    std::vector<std::string> names = {"time"}, descriptions = {"Simulation time [s]"};
    std::vector<std::int32_t> info = {0, 1, 0, -1};
    for (std::size_t i = 0; i < t.series.size(); ++i) {
        names.push_back(t.series[i].name);
        descriptions.push_back(with_unit(t.series[i]));
        info.insert(info.end(), {2, static_cast<std::int32_t>(i + 2), 0, -1});
    }
    for (std::size_t i = 0; i < t.constants.size(); ++i) {
        names.push_back(t.constants[i].name);
        descriptions.push_back(with_unit(t.constants[i]));
        info.insert(info.end(), {1, static_cast<std::int32_t>(i + 2), 0, 0});
    }
    w.write_strings("name", names);
    w.write_strings("description", descriptions);
    w.write("dataInfo", MAT_C_INT32, MAT_T_INT32, 4, names.size(), info.data());

    const std::size_t m = t.constants.size() + 1;
    std::vector<double> data_1(2 * m);
    data_1[0] = t.t_start, data_1[m] = t.t_end;
    for (std::size_t i = 0; i < t.constants.size(); ++i) data_1[i + 1] = data_1[m + i + 1] = t.constant_values[i];
    w.write("data_1", MAT_C_DOUBLE, MAT_T_DOUBLE, m, 2, data_1.data());

    const std::size_t k = t.series.size() + 1;
    std::vector<double> data_2(k * t.times.size());
    for (std::size_t j = 0; j < t.times.size(); ++j) {
        data_2[j * k] = t.times[j];
        std::copy(t.rows[j].begin(), t.rows[j].end(), data_2.begin() + static_cast<long>(j * k + 1));
    }
    w.write("data_2", MAT_C_DOUBLE, MAT_T_DOUBLE, k, t.times.size(), data_2.data());

    std::vector<double> segments;
    std::vector<std::string> changes;
    for (auto& s : t.segments) {
        segments.insert(segments.end(), {s.start, s.end, static_cast<double>(s.states)});
        changes.push_back(s.change);
    }
    w.write("lied_segments", MAT_C_DOUBLE, MAT_T_DOUBLE, 3, t.segments.size(), segments.data());
    if (!changes.empty()) w.write_strings("lied_segment_changes", changes);
    w.close();
}

ResultTable read_mat_results(const std::string& path) {
    MatFile file(Mat_Open(path.c_str(), MAT_ACC_RDONLY));
    if (!file) throw std::runtime_error("cannot read '" + path + "' as a MAT file");
    auto read = [&](const char* name, bool required) {
        MatVar v(Mat_VarRead(file.get(), name));
        if (!v && required) throw std::runtime_error(path + ": no matrix '" + std::string(name) + "' (rule: a Modelica result file has Aclass, name, description, dataInfo, data_1 and data_2)");
        if (v && v->rank != 2) throw std::runtime_error(path + ": matrix '" + std::string(name) + "' is not two-dimensional");
        return v;
    };
    const MatVar aclass = read("Aclass", true);
    const std::vector<std::string> a = strings_of(*aclass, false, path);
    if (a.size() < 4 || a[0] != "Atrajectory")
        throw std::runtime_error(path + ": Aclass does not start with 'Atrajectory' (not a Modelica trajectory result)");
    const bool transposed = a[3] == "binTrans";
    if (!transposed && a[3] != "binNormal") throw std::runtime_error(path + ": Aclass names '" + a[3] + "', expected binTrans or binNormal");

    const std::vector<std::string> names = strings_of(*read("name", true), transposed, path);
    const std::vector<std::string> descriptions = strings_of(*read("description", true), transposed, path);
    const MatVar info_var = read("dataInfo", true), d1 = read("data_1", true), d2 = read("data_2", true);
    const std::vector<double> info = as_doubles(*info_var, path), data_1 = as_doubles(*d1, path), data_2 = as_doubles(*d2, path);
    // Element (variable row r, sample c) of data_1/data_2 in either orientation.
    const std::size_t rows1 = transposed ? d1->dims[0] : d1->dims[1], rows2 = transposed ? d2->dims[0] : d2->dims[1];
    const std::size_t samples = transposed ? d2->dims[1] : d2->dims[0];
    auto at = [&](const std::vector<double>& d, const matvar_t& v, std::size_t r, std::size_t c) {
        return transposed ? d[c * v.dims[0] + r] : d[r * v.dims[0] + c];
    };
    const std::size_t n = names.size();
    if (descriptions.size() != n || info.size() != 4 * n)
        throw std::runtime_error(path + ": name, description and dataInfo disagree on the number of variables");

    ResultTable t;
    std::size_t time_row = 0;
    std::vector<std::pair<std::size_t, int>> series_rows;   // (row in data_2, sign)
    for (std::size_t j = 0; j < n; ++j) {
        const int matrix = static_cast<int>(transposed ? info[4 * j] : info[j]);
        const int index = static_cast<int>(transposed ? info[4 * j + 1] : info[n + j]);
        ResultVariable v{names[j], descriptions[j], ""};
        if (const auto open = v.description.rfind('['); open != std::string::npos && v.description.back() == ']') {
            v.unit = v.description.substr(open + 1, v.description.size() - open - 2);
            v.description = v.description.substr(0, open);
            while (!v.description.empty() && v.description.back() == ' ') v.description.pop_back();
        }
        const std::size_t row = static_cast<std::size_t>(std::abs(index)) - 1;
        const int sign = index < 0 ? -1 : 1;
        if (index == 0 || (matrix == 1 && row >= rows1) || ((matrix == 0 || matrix == 2) && row >= rows2) || matrix < 0 || matrix > 2)
            throw std::runtime_error(path + ": dataInfo of '" + names[j] + "' points outside data_1/data_2");
        if (matrix == 0) time_row = row;
        else if (matrix == 1) {
            t.constants.push_back(v);
            t.constant_values.push_back(sign * at(data_1, *d1, row, 0));
        } else {
            t.series.push_back(v);
            series_rows.emplace_back(row, sign);
        }
    }
    for (std::size_t c = 0; c < samples; ++c) {
        t.times.push_back(at(data_2, *d2, time_row, c));
        std::vector<double> values;
        for (auto [row, sign] : series_rows) values.push_back(sign * at(data_2, *d2, row, c));
        t.rows.push_back(std::move(values));
    }
    t.t_start = rows1 ? at(data_1, *d1, 0, 0) : (t.times.empty() ? 0 : t.times.front());
    t.t_end = rows1 && (transposed ? d1->dims[1] : d1->dims[0]) > 1 ? at(data_1, *d1, 0, 1) : (t.times.empty() ? 0 : t.times.back());
    if (const MatVar seg = read("lied_segments", false); seg && seg->dims[0] == 3) {
        const std::vector<double> s = as_doubles(*seg, path);
        std::vector<std::string> changes;
        if (const MatVar ch = read("lied_segment_changes", false)) changes = strings_of(*ch, true, path);
        for (std::size_t j = 0; j < seg->dims[1]; ++j)
            t.segments.push_back({s[3 * j], s[3 * j + 1], static_cast<std::size_t>(s[3 * j + 2]), j < changes.size() ? changes[j] : ""});
    }
    return t;
}

}  // namespace lied::systems
