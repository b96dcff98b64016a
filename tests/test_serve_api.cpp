// `numberlink serve`'s API over loopback (docs/serve.md): every endpoint answers with the record
// the command line prints for the same input with --output json (compared with the CLI's own
// output, timings left out), bad input gets 400 with the CLI's message, unknown paths 404,
// wrong methods 405, and the page's files are served from the binary.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli_fixture.hpp"
#include "core/checker.hpp"
#include "core/formats.hpp"
#include "serve_process.hpp"

namespace {

using nl::testing_cli::CliTest;
using nl::testing_serve::Server;
using nl::testing_serve::without_times;
using json = nlohmann::json;

// A 5x5 puzzle with one solution, a 3x3 with two (one label between opposite corners) and one with none.
const std::string kUnique = "R...G\n.....\n.Y...\n..B..\nB.YRG\n";  // puzzles/ascii/five.txt
const std::string kTwo = "A..\n...\n..A\n";
const std::string kNone = "A.B\n...\nA.B\n";  // parity: no solution

class ServeApi : public CliTest {
   protected:
    static void SetUpTestSuite() { server_ = new Server({"--jobs", "2"}); }
    static void TearDownTestSuite() {
        delete server_;
        server_ = nullptr;
    }
    static Server& server() { return *server_; }

    // The CLI's JSON record for `text` saved as the file `request` (so names agree: request:1).
    json cli_record(const std::string& command, const std::string& text) {
        write("request", text);
        const auto r = run(command + " --output json request");
        EXPECT_TRUE(r.code == 0 || r.code == 1) << r.err;
        return json::parse(r.out);
    }
    json post_ok(const std::string& path, const json& body) {
        const auto r = server().post(path, body);
        EXPECT_TRUE(r) << path;
        if (!r) return json();
        EXPECT_EQ(r->status, 200) << path << ": " << r->body;
        EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
        return json::parse(r->body);
    }

    // The error of a request with `fields` and the unique puzzle, which must be a 400.
    std::string error_of(const char* path, const json& fields) {
        json body = fields;
        body["puzzle"] = kUnique;
        const auto r = server().post(path, body);
        EXPECT_TRUE(r);
        EXPECT_EQ(r ? r->status : 0, 400) << path << " " << body.dump();
        return r ? json::parse(r->body)["error"].get<std::string>() : std::string();
    }

    static Server* server_;
};
Server* ServeApi::server_ = nullptr;

TEST_F(ServeApi, PrintsItsAddress) {
    ASSERT_NE(server().port(), 0) << server().err();
    EXPECT_EQ(server().out(), "numberlink serve: listening on http://127.0.0.1:" + std::to_string(server().port()) + "/\n");
}

TEST_F(ServeApi, InfoNamesFormatsRulesAndLimits) {
    const auto r = server().get("/api/info");
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200);
    const json info = json::parse(r->body);
    EXPECT_EQ(info["version"], NUMBERLINK_VERSION);
    EXPECT_NE(std::find(info["formats_read"].begin(), info["formats_read"].end(), "levelpack"), info["formats_read"].end());
    EXPECT_NE(std::find(info["formats_write"].begin(), info["formats_write"].end(), "grid"), info["formats_write"].end());
    EXPECT_EQ(info["rules"], json({"flow", "nikoli", "adc", "strict"}));
    EXPECT_EQ(info["limits"]["jobs"], 2);
    EXPECT_EQ(info["limits"]["max_body"], 4 << 20);
    EXPECT_EQ(info["limits"]["timeout"], 10.0);
}

TEST_F(ServeApi, ServesThePageFromTheBinary) {
    std::ifstream in(std::string(NUMBERLINK_SOURCE_DIR) + "/web/index.html", std::ios::binary);
    std::stringstream page;
    page << in.rdbuf();
    const auto r = server().get("/");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->get_header_value("Content-Type"), "text/html; charset=utf-8");
    EXPECT_EQ(r->body, page.str());
    const auto same = server().get("/index.html");
    ASSERT_TRUE(same);
    EXPECT_EQ(same->body, page.str());
}

TEST_F(ServeApi, UnknownPathsAre404AndWrongMethods405) {
    for (const char* path : {"/api/nope", "/nothing.js", "/../CMakeLists.txt", "/api/"}) {
        const auto r = server().get(path);
        ASSERT_TRUE(r) << path;
        EXPECT_EQ(r->status, 404) << path;
        EXPECT_TRUE(json::parse(r->body).contains("error")) << path;
    }
    const auto get_solve = server().get("/api/solve");
    ASSERT_TRUE(get_solve);
    EXPECT_EQ(get_solve->status, 405);
    const auto post_info = server().post("/api/info", json::object());
    ASSERT_TRUE(post_info);
    EXPECT_EQ(post_info->status, 405);
}

TEST_F(ServeApi, BadJsonIs400InOurWordsWithItsPlace) {
    const auto error_of_text = [&](const std::string& path, const std::string& body) {
        const auto r = server().post_text(path, body);
        EXPECT_TRUE(r) << body;
        if (!r) return std::string();
        EXPECT_EQ(r->status, 400) << body;
        return json::parse(r->body)["error"].get<std::string>();
    };
    const std::string send_an_object = "send a JSON object such as {\"puzzle\": ...}";
    // Every endpoint that takes a body says the same, and none in nlohmann's words.
    for (const char* path : {"/api/read", "/api/convert", "/api/render", "/api/solve", "/api/unique", "/api/count",
                             "/api/generate"}) {
        EXPECT_EQ(error_of_text(path, ""), "empty request body; " + send_an_object) << path;
        EXPECT_EQ(error_of_text(path, " \n"), "empty request body; " + send_an_object) << path;
        EXPECT_EQ(error_of_text(path, "{\"puzzle\": "),
                  "request:1: invalid JSON at column 12: the body ends before its JSON value does")
            << path;
    }
    // The line and column of the mistake, and what it is.
    EXPECT_EQ(error_of_text("/api/unique", "{\"puzzle\": \"A.A\",\n \"rules\" \"flow\"}"),
              "request:2: invalid JSON at column 10: expected ':' after a field name, found a string");
    EXPECT_EQ(error_of_text("/api/unique", "{\"puzzle\": \"A.A\"\n\"rules\": 1}"),
              "request:2: invalid JSON at column 1: expected ',' or '}' after a field's value, found a string");
    EXPECT_EQ(error_of_text("/api/unique", "{puzzle: 1}"),
              "request:1: invalid JSON at column 2: expected a field name in double quotes, found puzzle");
    EXPECT_EQ(error_of_text("/api/unique", "{\"puzzle\": 'A.A'}"),
              "request:1: invalid JSON at column 12: expected a JSON value, found 'A.A' (strings take double quotes; "
              "the words JSON has are true, false and null)");
    // A mistake inside a string is placed at the string's start.
    EXPECT_EQ(error_of_text("/api/unique", "{\"puzzle\": \"A.A\n\"}"),
              "request:1: invalid JSON at column 12: a string holds a raw control character (write a line break as "
              "\\n, a tab as \\t)");
    EXPECT_EQ(error_of_text("/api/unique", "{\"puzzle\": \"A.A}"),
              "request:1: invalid JSON at column 12: the body ends inside a string (its closing '\"' is missing)");
    EXPECT_EQ(error_of_text("/api/unique", "{\"puzzle\": [1, 2}"),
              "request:1: invalid JSON at column 17: expected ',' or ']' after an array's element, found '}'");
    EXPECT_EQ(error_of_text("/api/unique", "{} {}"),
              "request:1: invalid JSON at column 4: more text after the JSON value: '{'");
    EXPECT_EQ(error_of_text("/api/unique", "{\"timeout\": -}"), "request:1: invalid JSON at column 13: a malformed number: -");
    EXPECT_EQ(error_of_text("/api/unique", "{\"timeout\": 1e999}"),
              "request: invalid JSON: a number is beyond the range of a double");
    // JSON, but not an object.
    EXPECT_EQ(error_of_text("/api/unique", "[1, 2]"), "request: the body is an array; " + send_an_object);
    EXPECT_EQ(error_of_text("/api/read", "\"A.A\""), "request: the body is the string \"A.A\"; " + send_an_object);
}

TEST_F(ServeApi, BadPuzzleTextGetsTheCliMessage) {
    // A ragged row, an unknown format, an unknown rule preset: the CLI's stderr line is the error.
    const std::string ragged = "A.B\n...\nA.Bx\n";
    write("request", ragged);
    const auto cli = run("unique request");
    ASSERT_EQ(cli.code, 2);
    const auto r = server().post("/api/unique", {{"puzzle", ragged}});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(json::parse(r->body)["error"].get<std::string>() + "\n", cli.err);

    const auto rules = server().post("/api/solve", {{"puzzle", kUnique}, {"rules", "chess"}});
    ASSERT_TRUE(rules);
    EXPECT_EQ(rules->status, 400);
    write("request", kUnique);
    const auto cli_rules = run("solve --rules chess request");
    EXPECT_EQ("numberlink: " + json::parse(rules->body)["error"].get<std::string>() + "\n(try --help)\n", cli_rules.err);

    const auto field = server().post("/api/unique", {{"puzzle", kUnique}, {"frobnicate", true}});
    ASSERT_TRUE(field);
    EXPECT_EQ(field->status, 400);
    const auto file_option = server().post("/api/unique", {{"puzzle", kUnique}, {"output-file", "/tmp/x"}});
    ASSERT_TRUE(file_option);
    EXPECT_EQ(file_option->status, 400);
    // Refused options cannot be reached by an abbreviation or another spelling.
    for (const char* name : {"thread", "output-f", "output-file=x", "Threads"}) {
        const auto r2 = server().post("/api/unique", {{"puzzle", kUnique}, {name, 4}});
        ASSERT_TRUE(r2);
        EXPECT_EQ(r2->status, 400) << name;
    }
    // A value that starts with a dash stays a value.
    const auto dash = server().post("/api/unique", {{"puzzle", kUnique}, {"distinct", "--help"}});
    ASSERT_TRUE(dash);
    EXPECT_EQ(dash->status, 400);
    EXPECT_EQ(json::parse(dash->body)["error"], "--distinct takes paths, colours or colors, not '--help'");
    const auto missing = server().post("/api/unique", json::object());
    ASSERT_TRUE(missing);
    EXPECT_EQ(missing->status, 400);
}

TEST_F(ServeApi, BadValuesOfTheRightKindGetTheCliMessage) {
    // A value of the kind its option takes is checked as the command line checks the same
    // text: the messages are the command line's (run here for each).
    write("request", kUnique);
    const auto cli_error = [&](const std::string& args) {
        const auto cli = run(args + " request");
        EXPECT_EQ(cli.code, 2) << args;
        const std::string prefix = "numberlink: ", suffix = "\n(try --help)\n";
        EXPECT_EQ(cli.err.rfind(prefix, 0), 0u) << cli.err;
        if (cli.err.size() < prefix.size() + suffix.size()) return cli.err;
        return cli.err.substr(prefix.size(), cli.err.size() - prefix.size() - suffix.size());
    };
    EXPECT_EQ(error_of("/api/solve", {{"timeout", -1}}), cli_error("solve --timeout=-1"));
    EXPECT_EQ(error_of("/api/solve", {{"labels", "fancy"}}), cli_error("solve --labels fancy"));
    EXPECT_EQ(error_of("/api/solve", {{"dfs-nodes", -5}}), cli_error("solve --dfs-nodes=-5"));
    EXPECT_EQ(error_of("/api/unique", {{"distinct", "shapes"}}), cli_error("unique --distinct shapes"));
    // An unknown field is named as it is, with no value (the command line would take --max as
    // an abbreviation of --max-memory; a request's field names are exact).
    EXPECT_EQ(error_of("/api/unique", {{"max", 2}}), "unknown field 'max'");
    EXPECT_EQ(error_of("/api/solve", {{"rulez", "flow"}}), "unknown field 'rulez'; did you mean 'rules'?");
    // The endpoints whose fields are not a command's options refuse unknown fields too.
    EXPECT_EQ(error_of("/api/read", {{"formt", "ascii"}}), "unknown field 'formt'; did you mean 'format'?");
    EXPECT_EQ(error_of("/api/convert", {{"to", "json"}, {"tto", "json"}}), "unknown field 'tto'; did you mean 'to'?");
    EXPECT_EQ(error_of("/api/render", {{"cell_size", 20}}), "unknown field 'cell_size'; did you mean 'cell-size'?");
}

TEST_F(ServeApi, EveryFieldOfTheWrongKindIs400NamingTheFieldAndTheKind) {
    // Each kind of option, on the endpoints that take it.
    EXPECT_EQ(error_of("/api/solve", {{"timeout", "5"}}), "field 'timeout' takes a number, not the string \"5\"");
    EXPECT_EQ(error_of("/api/unique", {{"timeout", "abc"}}), "field 'timeout' takes a number, not the string \"abc\"");
    EXPECT_EQ(error_of("/api/solve", {{"timeout", true}}), "field 'timeout' takes a number, not true");
    EXPECT_EQ(error_of("/api/solve", {{"optimize", "length"}, {"optimize-seconds", json::array()}}),
              "field 'optimize-seconds' takes a number, not an array");
    EXPECT_EQ(error_of("/api/solve", {{"route-rounds", 2.5}}),
              "field 'route-rounds' takes a whole number, not the number 2.5");
    EXPECT_EQ(error_of("/api/solve", {{"dfs-nodes", "12"}}),
              "field 'dfs-nodes' takes a whole number, not the string \"12\"");
    EXPECT_EQ(error_of("/api/count", {{"max", "5"}}), "field 'max' takes a whole number, not the string \"5\"");
    EXPECT_EQ(error_of("/api/solve", {{"labels", 5}}),
              "field 'labels' takes a string (auto, onehot or binary), not the number 5");
    EXPECT_EQ(error_of("/api/unique", {{"distinct", json::object()}}),
              "field 'distinct' takes a string (paths, colours or colors), not an object");
    EXPECT_EQ(error_of("/api/solve", {{"rules", 1}}), "field 'rules' takes a string, not the number 1");
    EXPECT_EQ(error_of("/api/solve", {{"format", true}}), "field 'format' takes a string, not true");
    EXPECT_EQ(error_of("/api/count", {{"all", "yes"}}), "field 'all' takes true or false, not the string \"yes\"");
    EXPECT_EQ(error_of("/api/solve", {{"no-speculate", 1}}),
              "field 'no-speculate' takes true or false, not the number 1");
    EXPECT_EQ(error_of("/api/solve", {{"route-seed", 1.5}}),
              "field 'route-seed' takes a whole number (or its digits as a string), not the number 1.5");
    EXPECT_EQ(error_of("/api/unique", {{"channel", 7}}), "field 'channel' takes a string, not the number 7");
    EXPECT_EQ(error_of("/api/read", {{"rules", json::array()}}), "field 'rules' takes a string, not an array");
    EXPECT_EQ(error_of("/api/convert", {{"to", 3}}), "field 'to' takes a string, not the number 3");
    EXPECT_EQ(error_of("/api/render", {{"cell-size", "20"}}),
              "field 'cell-size' takes a whole number, not the string \"20\"");
    EXPECT_EQ(error_of("/api/render", {{"labels", "yes"}}), "field 'labels' takes true or false, not the string \"yes\"");
    EXPECT_EQ(error_of("/api/render", {{"coordinates", 1}}), "field 'coordinates' takes true or false, not the number 1");
    const auto puzzle = server().post("/api/unique", {{"puzzle", 5}});
    ASSERT_TRUE(puzzle);
    EXPECT_EQ(puzzle->status, 400);
    EXPECT_EQ(json::parse(puzzle->body)["error"],
              "field 'puzzle' takes the text of a puzzle file (a string) or a puzzle object, not the number 5");
    // generate's fields, without a puzzle.
    const auto generate_error = [&](const json& body) {
        const auto r = server().post("/api/generate", body);
        EXPECT_TRUE(r);
        EXPECT_EQ(r ? r->status : 0, 400) << body.dump();
        return r ? json::parse(r->body)["error"].get<std::string>() : std::string();
    };
    EXPECT_EQ(generate_error({{"width", "6"}, {"height", 6}}), "field 'width' takes a whole number, not the string \"6\"");
    EXPECT_EQ(generate_error({{"width", 6}}), "field 'height' is missing ('width' and 'height' go together)");
    EXPECT_EQ(generate_error({{"size", 6}}), "field 'size' takes a string, not the number 6");
    EXPECT_EQ(generate_error({{"size", "6x6"}, {"unique", "yes"}}),
              "field 'unique' takes true or false, not the string \"yes\"");
    EXPECT_EQ(generate_error({{"size", "6x6"}, {"min-paths", 2.5}}),
              "field 'min-paths' takes a whole number, not the number 2.5");
    EXPECT_EQ(generate_error({{"size", "6x6"}, {"seed", true}}),
              "field 'seed' takes a whole number (or its digits as a string), not true");
    // What is of the right kind is taken: a whole number written 2.0, false and null for a
    // switch left out, and a seed as its digits (beyond what a JavaScript number holds exactly).
    EXPECT_EQ(post_ok("/api/solve", {{"puzzle", kUnique}, {"timeout", 5}, {"route-rounds", 20.0},
                                     {"no-speculate", false}, {"cross-check", nullptr}})["status"],
              "solved");
    const json seeded = post_ok("/api/generate", {{"size", "5x5"}, {"seed", "18446744073709551615"}});
    EXPECT_EQ(seeded["seed"], "18446744073709551615");
}

TEST_F(ServeApi, UniqueAnswersTheCliRecord) {
    for (const std::string& text : {kUnique, kTwo, kNone}) {
        const json served = post_ok("/api/unique", {{"puzzle", text}});
        EXPECT_EQ(without_times(served), without_times(cli_record("unique", text))) << text;
    }
    // The verdicts themselves, from what the puzzles are.
    EXPECT_EQ(post_ok("/api/unique", {{"puzzle", kNone}})["verdict"], "none");
    const json two = post_ok("/api/unique", {{"puzzle", kTwo}});
    EXPECT_EQ(two["verdict"], "multiple");
    ASSERT_EQ(two["solutions"].size(), 2u);
    EXPECT_NE(two["solutions"][0], two["solutions"][1]);
}

TEST_F(ServeApi, APuzzLinkUrlIsAPuzzle) {
    // puzzles/ascii/five.txt as pzprjs writes it (its letters numbered in label order); a URL
    // gets the format's nikoli rules, as on the command line.
    const std::string url = "https://puzz.link/p?numlin/5/5/1i2l3k4h4g312";
    const json served = post_ok("/api/unique", {{"puzzle", url}});
    EXPECT_EQ(served["verdict"], "unique");
    EXPECT_EQ(served["rules"], "nikoli");
    EXPECT_EQ(served["paths"]["3"], json::parse("[[1,2],[1,3],[1,4],[2,4]]"));
    EXPECT_EQ(without_times(served), without_times(cli_record("unique", url + "\n")));
    EXPECT_EQ(post_ok("/api/solve", {{"puzzle", url}, {"rules", "flow"}})["status"], "solved");
}

TEST_F(ServeApi, SolveAnswersTheCliRecordWithACheckedSolution) {
    const json served = post_ok("/api/solve", {{"puzzle", kUnique}});
    EXPECT_EQ(without_times(served), without_times(cli_record("solve", kUnique)));
    ASSERT_EQ(served["status"], "solved");
    // The solution, read back through the JSON reader, passes the independent checker.
    const auto entries = nl::read_puzzles(nl::text_from_string("answer", served.dump()), {nl::Format::Json, std::nullopt});
    ASSERT_EQ(entries.size(), 1u);
    ASSERT_TRUE(entries[0].solution);
    EXPECT_TRUE(nl::check_solution(entries[0].puzzle, *entries[0].solution, entries[0].puzzle.rules).ok);
    // A puzzle object is read as a JSON puzzle file.
    json object = served;
    object.erase("paths");
    const json again = post_ok("/api/solve", {{"puzzle", object}});
    EXPECT_EQ(again["status"], "solved");
}

TEST_F(ServeApi, CountAnswersTheCliRecord) {
    write("request", kTwo);
    const auto cli = run("count --max 100 --output json request");
    ASSERT_EQ(cli.code, 0) << cli.err;
    const json served = post_ok("/api/count", {{"puzzle", kTwo}});  // max 100 by default
    EXPECT_EQ(without_times(served), without_times(json::parse(cli.out)));
    const json capped = post_ok("/api/count", {{"puzzle", kTwo}, {"max", 2}});
    EXPECT_EQ(capped["count"], 2);
    EXPECT_EQ(capped["at_least"], true);
}

TEST_F(ServeApi, GenerateAnswersTheCliRecord) {
    const auto cli = run("generate --size 6x6 --seed 7 --unique --output json -q");
    ASSERT_EQ(cli.code, 0) << cli.err;
    const json served = post_ok("/api/generate", {{"width", 6}, {"height", 6}, {"seed", 7}, {"unique", true}});
    EXPECT_EQ(without_times(served), without_times(json::parse(cli.out)));
    const auto bad = server().post("/api/generate", {{"width", 1}, {"height", 2}});
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, 400);
}

TEST_F(ServeApi, ReadTakesEveryPuzzleOfTheText) {
    const json read = post_ok("/api/read", {{"puzzle", kUnique + "\n" + kNone}});
    ASSERT_EQ(read["puzzles"].size(), 2u);
    write("request", kUnique + "\n" + kNone);
    const auto cli = run("info --output json request");
    ASSERT_EQ(cli.code, 0);
    const auto lines = nl::testing_cli::lines_of(cli.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(read["puzzles"][0], json::parse(lines[0]));
    EXPECT_EQ(read["puzzles"][1], json::parse(lines[1]));
    // The other endpoints take exactly one.
    const auto two = server().post("/api/unique", {{"puzzle", kUnique + "\n" + kNone}});
    ASSERT_TRUE(two);
    EXPECT_EQ(two->status, 400);
}

TEST_F(ServeApi, ConvertWritesWhatConvertWrites) {
    for (const char* to : {"json", "adc", "intgrid", "stream"}) {
        write("request", kUnique);
        const auto cli = run(std::string("convert --to ") + to + " request");
        ASSERT_EQ(cli.code, 0) << cli.err;
        EXPECT_EQ(post_ok("/api/convert", {{"puzzle", kUnique}, {"to", to}})["text"], cli.out) << to;
    }
    const auto bad = server().post("/api/convert", {{"puzzle", kUnique}, {"to", "docx"}});
    ASSERT_TRUE(bad);
    EXPECT_EQ(bad->status, 400);
}

TEST_F(ServeApi, RenderDrawsSvgAndPng) {
    const json solved = post_ok("/api/solve", {{"puzzle", kUnique}});
    const auto svg = server().post("/api/render", {{"puzzle", solved}, {"format", "svg"}});
    ASSERT_TRUE(svg);
    ASSERT_EQ(svg->status, 200);
    EXPECT_EQ(svg->get_header_value("Content-Type"), "image/svg+xml");
    EXPECT_NE(svg->body.find("<svg"), std::string::npos);
    // The solution's lines are drawn: the picture differs from the bare puzzle's.
    const auto bare = server().post("/api/render", {{"puzzle", kUnique}});
    ASSERT_TRUE(bare);
    EXPECT_NE(bare->body, svg->body);
    const auto png = server().post("/api/render", {{"puzzle", solved}, {"format", "png"}});
    ASSERT_TRUE(png);
    ASSERT_EQ(png->status, 200) << png->body;
    EXPECT_EQ(png->get_header_value("Content-Type"), "image/png");
    EXPECT_EQ(png->body.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
}

}  // namespace
