// Times the kiwi C++ Cassowary solver on the layout benchmarks Vitrine's solver runs (vitrine-bench-layout), so the
// two are compared on the same systems in one run. Built at run time by Tools/bench-layout.sh against the kiwi
// headers in PyPI's kiwisolver source distribution (nothing of kiwi is kept in this repository).
//
//   kiwi-driver form FILE ROUNDS   the enaml-like form (kiwisolver-form.py): build, then 100 edit changes
//   kiwi-driver grid ROWS COLS ROUNDS   a grid of cells pinned to each other and their container: build and first
//                                       solve, then a container resize
// Prints one line per figure: "name median_ns".
#include <kiwi/kiwi.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using Clock = std::chrono::steady_clock;

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Form {
    std::vector<std::string> editNames;
    double editStrength = 0;
    struct Row { double strength; bool required; std::string op; double constant; std::vector<std::pair<double, std::string>> terms; };
    std::vector<Row> rows;
};

static Form readForm(const char* path) {
    Form form;
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream s(line);
        std::string first;
        s >> first;
        if (first == "edit") {
            s >> form.editStrength;
            std::string name;
            while (s >> name) form.editNames.push_back(name);
            continue;
        }
        Form::Row row;
        row.required = first == "required";
        row.strength = row.required ? 0 : std::atof(first.c_str());
        s >> row.op >> row.constant;
        double c;
        std::string name;
        while (s >> c >> name) row.terms.push_back({c, name});
        form.rows.push_back(row);
    }
    return form;
}

static void buildForm(const Form& form, kiwi::Solver& solver, std::map<std::string, kiwi::Variable>& vars) {
    for (auto& name : form.editNames) {
        vars.emplace(name, kiwi::Variable(name));
        solver.addEditVariable(vars.at(name), form.editStrength);
    }
    for (auto& row : form.rows) {
        kiwi::Expression e(row.constant);
        std::vector<kiwi::Term> terms;
        for (auto& t : row.terms) {
            auto it = vars.find(t.second);
            if (it == vars.end()) it = vars.emplace(t.second, kiwi::Variable(t.second)).first;
            terms.push_back(kiwi::Term(it->second, t.first));
        }
        kiwi::Expression expr(terms, row.constant);
        kiwi::RelationalOperator op = row.op == "==" ? kiwi::OP_EQ : row.op == "<=" ? kiwi::OP_LE : kiwi::OP_GE;
        double strength = row.required ? kiwi::strength::required : row.strength;
        solver.addConstraint(kiwi::Constraint(expr, op, strength));
    }
}

static int form(const char* path, int rounds) {
    Form f = readForm(path);
    std::vector<double> build, edits;
    for (int r = 0; r < rounds; r++) {
        auto t0 = Clock::now();
        kiwi::Solver solver;
        std::map<std::string, kiwi::Variable> vars;
        buildForm(f, solver, vars);
        solver.updateVariables();
        auto t1 = Clock::now();
        static const double sizes[6][2] = {{400, 600}, {600, 400}, {800, 1200}, {1200, 800}, {400, 800}, {800, 400}};
        for (int i = 0; i < 100; i++) {
            solver.suggestValue(vars.at(f.editNames[0]), sizes[i % 6][0]);
            solver.suggestValue(vars.at(f.editNames[1]), sizes[i % 6][1]);
            solver.updateVariables();
        }
        auto t2 = Clock::now();
        build.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
        edits.push_back(std::chrono::duration<double, std::nano>(t2 - t1).count());
    }
    std::printf("form-build %.0f\nform-100-edits %.0f\n", median(build), median(edits));
    return 0;
}

static int grid(int rows, int cols, int rounds) {
    std::vector<double> first, resize;
    for (int r = 0; r < rounds; r++) {
        auto t0 = Clock::now();
        kiwi::Solver solver;
        kiwi::Variable width("width"), height("height");
        solver.addEditVariable(width, kiwi::strength::strong);
        solver.addEditVariable(height, kiwi::strength::strong);
        solver.suggestValue(width, 1280);
        solver.suggestValue(height, 800);
        std::vector<kiwi::Variable> left(rows * cols), top(rows * cols), w(rows * cols), h(rows * cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int k = i * cols + j;
                solver.addConstraint(j == 0 ? left[k] == 8 : left[k] == left[k - 1] + w[k - 1] + 8);
                solver.addConstraint(i == 0 ? top[k] == 8 : top[k] == top[k - cols] + h[k - cols] + 8);
                if (j > 0) solver.addConstraint(w[k] == w[k - 1]);
                solver.addConstraint(h[k] == 30);
                if (j == cols - 1) solver.addConstraint(left[k] + w[k] == width - 8);
            }
        }
        solver.updateVariables();
        auto t1 = Clock::now();
        solver.suggestValue(width, 1000);
        solver.updateVariables();
        auto t2 = Clock::now();
        first.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
        resize.push_back(std::chrono::duration<double, std::nano>(t2 - t1).count());
    }
    std::printf("grid-first %.0f\ngrid-resize %.0f\n", median(first), median(resize));
    return 0;
}

int main(int argc, char** argv) {
    if (argc == 4 && std::string(argv[1]) == "form") return form(argv[2], std::atoi(argv[3]));
    if (argc == 5 && std::string(argv[1]) == "grid") return grid(std::atoi(argv[2]), std::atoi(argv[3]), std::atoi(argv[4]));
    std::fprintf(stderr, "usage: kiwi-driver form FILE ROUNDS | grid ROWS COLS ROUNDS\n");
    return 2;
}
