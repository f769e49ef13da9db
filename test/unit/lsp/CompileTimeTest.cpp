// headroom lsp's compile-time part: the JSON of `headroom check` and
// `headroom static-mix` (as their child runs print it) as LSP diagnostics
// and quick fixes, carried over edits made since the save, merged with the
// profile's diagnostics of the same file; the compile database; the bounded
// child runs.
#include "lsp/BoundedRun.h"
#include "lsp/CompileCommands.h"
#include "lsp/CompileTimeFindings.h"
#include "lsp/CompileTimeWorker.h"
#include "lsp/Session.h"

#include "support/Paths.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <thread>

using namespace headroom;
using namespace headroom::lsp;
using nlohmann::json;

namespace {

const std::string Root = HEADROOM_SOURCE_DIR;
const std::string QuickStart = Root + "/examples/quickstart/quickstart.cu";

const std::string Kernel =
    "__global__ void scale(float *out, const float *in) {\n"
    "  out[threadIdx.x] = in[threadIdx.x] * 0.5;\n"
    "}\n";

/// What `headroom check --format json /src/k.cu` prints for Kernel: one
/// finding with its fix-it, and one of an included header (left out).
std::string checkOutput() {
  return R"J({
  "schema": "headroom.check/1",
  "files": ["/src/k.cu"],
  "findings": [
    {"check": "headroom-fp64-promotion", "severity": "warning",
     "file": "/src/k.cu", "line": 2, "column": 40,
     "message": "double-precision literal '0.5' makes this float arithmetic run in FP64",
     "fixes": [{"file": "/src/k.cu", "offset": 92, "length": 3, "text": "0.5f"}]},
    {"check": "headroom-narrow-loads", "severity": "warning",
     "file": "/src/k.cuh", "line": 1, "column": 1, "message": "in a header",
     "fixes": []}
  ]
})J";
}

CompileTimeResult checked(const std::string &Text = Kernel) {
  CompileTimeResult R;
  R.Checked = Text;
  Expected<std::vector<SourceFinding>> F =
      parseCheckDocument(checkOutput(), "/src/k.cu");
  EXPECT_TRUE(F) << (F ? "" : F.error().message());
  if (F)
    R.Findings = *F;
  return R;
}

CompileTimeContext context() {
  CompileTimeContext C;
  C.Uri = "file:///src/k.cu";
  C.DocsBase = "file:///docs/diagnostics.md";
  return C;
}

json range(unsigned L1, unsigned C1, unsigned L2, unsigned C2) {
  return {{"start", {{"line", L1}, {"character", C1}}},
          {"end", {{"line", L2}, {"character", C2}}}};
}

TEST(CompileTimeTest, CheckFindingsAsDiagnostics) {
  ASSERT_EQ(Kernel.find("0.5"), 92u); // The fixture's offset.
  CompileTimeResult R = checked();
  ASSERT_EQ(R.Findings.size(), 1u); // The header's finding is not this file's.
  json D = compileTimeDiagnostics(R, Kernel, context());
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0]["range"], range(1, 39, 1, 42)); // The literal '0.5'.
  EXPECT_EQ(D[0]["severity"], 2);
  EXPECT_EQ(D[0]["source"], "headroom");
  EXPECT_EQ(D[0]["code"], "headroom-fp64-promotion");
  EXPECT_EQ(D[0]["codeDescription"]["href"],
            "file:///docs/diagnostics.md#headroom-fp64-promotion");
  EXPECT_EQ(D[0]["message"].get<std::string>().rfind(
                "double-precision literal '0.5'", 0),
            0u);
}

TEST(CompileTimeTest, FixItsAsQuickFixes) {
  CompileTimeResult R = checked();
  json A = quickFixes(R, Kernel, 1, 1, context());
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0]["title"], "Replace '0.5' with '0.5f'");
  // As headroom check writes it: an 'f' inserted after the literal.
  CompileTimeResult Inserted = R;
  Inserted.Findings[0].Fixes[0] = {95, 0, "f"};
  json B = quickFixes(Inserted, Kernel, 1, 1, context());
  ASSERT_EQ(B.size(), 1u);
  EXPECT_EQ(B[0]["title"], "Replace '0.5' with '0.5f'");
  EXPECT_EQ(B[0]["edit"]["changes"]["file:///src/k.cu"][0]["range"],
            range(1, 42, 1, 42));
  EXPECT_EQ(A[0]["kind"], "quickfix");
  EXPECT_EQ(A[0]["diagnostics"][0]["code"], "headroom-fp64-promotion");
  json Edit = A[0]["edit"]["changes"]["file:///src/k.cu"];
  ASSERT_EQ(Edit.size(), 1u);
  EXPECT_EQ(Edit[0]["range"], range(1, 39, 1, 42));
  EXPECT_EQ(Edit[0]["newText"], "0.5f");
  // Only for the lines asked about.
  EXPECT_TRUE(quickFixes(R, Kernel, 0, 0, context()).empty());
  EXPECT_TRUE(quickFixes(R, Kernel, 2, 5, context()).empty());
}

TEST(CompileTimeTest, EditsSinceTheSaveMoveOrDropFindings) {
  CompileTimeResult R = checked();
  // Two lines added above: the finding and its fix move down.
  std::string Moved = "// a\n// b\n" + Kernel;
  json D = compileTimeDiagnostics(R, Moved, context());
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0]["range"], range(3, 39, 3, 42));
  json A = quickFixes(R, Moved, 3, 3, context());
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0]["edit"]["changes"]["file:///src/k.cu"][0]["range"],
            range(3, 39, 3, 42));
  // The finding's line edited: dropped until the next save checks it.
  std::string Edited = Kernel;
  Edited.replace(Edited.find("0.5"), 3, "0.5f");
  EXPECT_TRUE(compileTimeDiagnostics(R, Edited, context()).empty());
  EXPECT_TRUE(quickFixes(R, Edited, 0, 10, context()).empty());
  // An edit below it leaves it where it is.
  std::string Below = Kernel + "// more\n";
  EXPECT_EQ(compileTimeDiagnostics(R, Below, context())[0]["range"],
            range(1, 39, 1, 42));
}

TEST(CompileTimeTest, PositionsInTheClientsEncoding) {
  // A two-byte character before the literal: UTF-8 counts it twice.
  std::string Text = Kernel;
  Text.replace(Text.find("  out"), 2, "/*\xC3\xA9*/");
  CompileTimeResult R = checked(Text);
  R.Findings[0].Column += 4; // "/*é*/" is 6 bytes where 2 spaces were.
  R.Findings[0].Fixes.clear();
  CompileTimeContext C = context();
  EXPECT_EQ(
      compileTimeDiagnostics(R, Text, C)[0]["range"]["start"]["character"], 42);
  C.Encoding = PositionEncoding::UTF8;
  EXPECT_EQ(
      compileTimeDiagnostics(R, Text, C)[0]["range"]["start"]["character"], 43);
}

TEST(CompileTimeTest, MalformedOutputIsAnErrorNamingTheField) {
  auto Message = [](const std::string &Json) {
    Expected<std::vector<SourceFinding>> F = parseCheckDocument(Json, "/a.cu");
    return F ? std::string("accepted") : F.error().message();
  };
  EXPECT_NE(Message("").find(
                "expected a headroom.check/1 JSON document, got no output"),
            std::string::npos);
  EXPECT_NE(Message("Segmentation fault").find("got 'Segmentation fault'"),
            std::string::npos);
  EXPECT_NE(Message(R"J({"schema": "headroom.check/2", "findings": []})J")
                .find("'schema': expected 'headroom.check/1'"),
            std::string::npos);
  EXPECT_NE(Message(R"J({"schema": "headroom.check/1"})J")
                .find("'findings' is missing"),
            std::string::npos);
  EXPECT_NE(Message(R"J({"schema": "headroom.check/1", "findings": [
      {"severity": "warning", "file": "/a.cu", "line": -1, "column": 1,
       "message": "m", "fixes": []}]})J")
                .find("findings[0]: 'line' is not a non-negative integer"),
            std::string::npos);
  EXPECT_EQ(Message(R"J({"schema": "headroom.check/1", "findings": []})J"),
            "accepted");
}

std::string staticMixOutput() {
  return R"J({
  "schema": "headroom.static-mix/1", "device": "H100-SXM",
  "kernels": [
    {"kernel": "scale", "signature": "scale(float*, float const*)",
     "file": "/src/k.cu", "line": 1, "column": 17,
     "message": "kernel 'scale': at most 9% of the FP32 peak on H100-SXM",
     "notes": ["static mix of 'scale(float*, float const*)' (sm_90, 12 instructions, loops none)",
               "10 registers per thread"]},
    {"kernel": "unnamed", "signature": "unnamed()", "message": "no place",
     "notes": []}
  ]
})J";
}

TEST(CompileTimeTest, StaticNotesAtTheKernels) {
  CompileTimeResult R;
  R.Checked = R.StaticChecked = Kernel;
  Expected<std::vector<StaticNote>> N =
      parseStaticMixDocument(staticMixOutput(), "/src/k.cu");
  ASSERT_TRUE(N) << N.error().message();
  ASSERT_EQ(N->size(), 1u); // The kernel the source does not name has no place.
  R.StaticNotes = *N;
  R.StaticCaveat = " (from k.o, built before the source's last change)";
  json D = compileTimeDiagnostics(R, Kernel, context());
  ASSERT_EQ(D.size(), 1u);
  EXPECT_EQ(D[0]["range"], range(0, 16, 0, 21));
  EXPECT_EQ(D[0]["severity"], 3);
  EXPECT_EQ(D[0]["code"], "headroom-static-mix");
  EXPECT_EQ(D[0]["codeDescription"]["href"], "file:///docs/static-mix.md");
  EXPECT_EQ(D[0]["message"], "kernel 'scale': at most 9% of the FP32 peak on "
                             "H100-SXM (from k.o, built before the source's "
                             "last change)");
  ASSERT_EQ(D[0]["relatedInformation"].size(), 2u);
  EXPECT_EQ(D[0]["relatedInformation"][1]["message"],
            "10 registers per thread");
  // Measured counters replace the static mix.
  CompileTimeContext C = context();
  C.Measured = {"scale"};
  EXPECT_TRUE(compileTimeDiagnostics(R, Kernel, C).empty());
  // Bad documents.
  EXPECT_FALSE(parseStaticMixDocument(R"J({"schema": "headroom.static-mix/1",
      "kernels": [{"kernel": "k", "message": "m"}]})J",
                                      "/src/k.cu"));
}

TEST(CompileTimeTest, LineMapKeepsWhatIsOutsideTheEditedRegion) {
  LineMap Same("a\nb\nc", "a\nb\nc");
  EXPECT_EQ(Same.map(2), 2u);
  LineMap Grown("a\nb\nc\nd", "a\nB\nB2\nc\nd");
  EXPECT_EQ(Grown.map(0), 0u);
  EXPECT_FALSE(Grown.map(1));
  EXPECT_EQ(Grown.map(2), 3u);
  EXPECT_EQ(Grown.map(3), 4u);
  EXPECT_FALSE(Grown.map(4));
}

/// The quick start with the recorded profile open in a session, and
/// compile-time results for it: both in the file's one list.
TEST(CompileTimeTest, MergedWithTheProfilesDiagnostics) {
  SessionOptions O;
  O.Profiles.Profiles = {Root + "/examples/quickstart/recorded/profile.json"};
  O.Profiles.Device = "H100-SXM";
  O.DocsBase = "file:///docs/diagnostics.md";
  Session S(O);
  S.initialize(
      {{"rootUri", pathToUri(Root)},
       {"capabilities",
        {{"textDocument",
          {{"codeAction", {{"codeActionLiteralSupport", json::object()}}}}}}}});
  Expected<std::string> Text = readFile(QuickStart);
  ASSERT_TRUE(Text);
  std::string Uri = pathToUri(QuickStart);
  S.didOpen({{"textDocument",
              {{"uri", Uri},
               {"languageId", "cuda"},
               {"version", 1},
               {"text", *Text}}}});
  ASSERT_TRUE(S.reload(true).Changed);
  EXPECT_EQ(S.staticMixDevice(), "H100-SXM");

  // A finding at line 39 (`float sum = 0.0f;`, column 13), static notes for
  // saxpy (measured by the profile) and for a kernel it has not measured.
  CompileTimeResult R;
  R.Checked = R.StaticChecked = *Text;
  R.Findings.push_back(
      {"headroom-fp64-promotion", "warning", "a finding", 39, 13, {}});
  R.StaticNotes.push_back({"saxpy", 28, 17, "kernel 'saxpy': static", {}});
  R.StaticNotes.push_back(
      {"sgemm_unprofiled", 34, 17, "kernel 'sgemm_unprofiled': static", {}});
  S.setCompileTime(QuickStart, R);
  std::vector<json> Published = S.refresh();
  ASSERT_EQ(Published.size(), 1u);
  EXPECT_EQ(Published[0]["uri"], Uri);
  std::vector<std::string> Codes;
  for (const json &D : Published[0]["diagnostics"])
    Codes.push_back(D["code"].get<std::string>() + "@" +
                    std::to_string(D["range"]["start"]["line"].get<int>()));
  // The profile's (a warning at each kernel, a note at each launch), then
  // the compile-time ones; no static note for the measured saxpy.
  EXPECT_EQ(
      std::count(Codes.begin(), Codes.end(), "headroom-fp64-promotion@38"), 1);
  EXPECT_EQ(std::count(Codes.begin(), Codes.end(), "headroom-static-mix@33"),
            1);
  EXPECT_EQ(std::count(Codes.begin(), Codes.end(), "headroom-static-mix@27"),
            0);
  std::string All;
  for (const std::string &C : Codes)
    All += C + " ";
  EXPECT_GE(Codes.size(), 4u) << "the profile's diagnostics are kept: " << All;
  EXPECT_EQ(Codes.front().rfind("headroom-memory-bound@", 0), 0u) << All;

  // clangd's list comes first, then all of Headroom's.
  std::optional<json> Merged =
      S.fromClangd({{"uri", Uri},
                    {"diagnostics", json::array({{{"message", "clangd's"}}})}});
  ASSERT_TRUE(Merged);
  EXPECT_EQ((*Merged)["diagnostics"][0]["message"], "clangd's");
  EXPECT_EQ((*Merged)["diagnostics"].size(), Codes.size() + 1);

  // Dropped (the file closed): clangd's and the profile's remain.
  S.setCompileTime(QuickStart, std::nullopt);
  Published = S.refresh();
  ASSERT_EQ(Published.size(), 1u);
  EXPECT_EQ(Published[0]["diagnostics"].size(), 1 + Codes.size() - 2);
}

TEST(CompileTimeTest, QuickFixesWithTheProfilesActions) {
  SessionOptions O;
  Session S(O);
  S.initialize(
      {{"rootUri", "file:///src"},
       {"capabilities",
        {{"textDocument",
          {{"codeAction", {{"codeActionLiteralSupport", json::object()}}}}}}}});
  S.didOpen({{"textDocument",
              {{"uri", "file:///src/k.cu"},
               {"languageId", "cuda"},
               {"version", 1},
               {"text", Kernel}}}});
  EXPECT_FALSE(S.hasCodeActions());
  S.setCompileTime("/src/k.cu", checked());
  EXPECT_TRUE(S.hasCodeActions());
  json A = S.codeActions({{"textDocument", {{"uri", "file:///src/k.cu"}}},
                          {"range", range(1, 40, 1, 40)}});
  ASSERT_EQ(A.size(), 1u);
  EXPECT_EQ(A[0]["kind"], "quickfix");
  EXPECT_TRUE(S.didSave({{"textDocument", {{"uri", "file:///src/k.cu"}}}}));
  EXPECT_FALSE(
      S.didSave({{"textDocument", {{"uri", "file:///src/other.cu"}}}}));
}

class TempDir {
public:
  TempDir() {
    Expected<std::string> D = makeTemporaryDirectory("headroom-lsp-test-");
    EXPECT_TRUE(D);
    Path = *D;
  }
  ~TempDir() { std::filesystem::remove_all(Path); }
  std::string write(const std::string &Name, const std::string &Text,
                    bool Executable = false) {
    std::string P = Path + "/" + Name;
    std::filesystem::create_directories(parentPath(P));
    std::ofstream(P) << Text;
    if (Executable)
      std::filesystem::permissions(P, std::filesystem::perms::owner_all);
    return P;
  }
  std::string Path;
};

TEST(CompileTimeTest, CompileDatabaseEntries) {
  TempDir T;
  std::string Source = T.write("src/k.cu", Kernel);
  std::string Nvcc = T.write("cuda/bin/nvcc", "#!/bin/sh\n", true);
  std::string Cuobjdump = T.write("cuda/bin/cuobjdump", "#!/bin/sh\n", true);
  T.write(
      "build/compile_commands.json",
      json::array(
          {{{"directory", T.Path + "/build"},
            {"file", "../src/k.cu"},
            {"command", Nvcc + " -I\"my dir\" -c ../src/k.cu -o 'obj/k.cu.o'"}},
           {{"directory", T.Path + "/build"},
            {"file", T.Path + "/src/other.cu"},
            {"arguments", {"ccache", Nvcc, "-c", "other.cu"}},
            {"output", "other.o"}}})
          .dump());
  std::string Db = findCompileDatabase(Source, "");
  EXPECT_EQ(Db, T.Path + "/build/compile_commands.json");
  Expected<std::optional<CompileEntry>> E = compileEntryFor(Db, Source);
  ASSERT_TRUE(E && *E);
  EXPECT_EQ((*E)->Directory, T.Path + "/build");
  EXPECT_EQ((*E)->Output, T.Path + "/build/obj/k.cu.o");
  EXPECT_EQ((*E)->Arguments[1], "-Imy dir");
  EXPECT_EQ(findCuobjdump(**E), Cuobjdump);
  Expected<std::optional<CompileEntry>> Other =
      compileEntryFor(Db, T.Path + "/src/other.cu");
  ASSERT_TRUE(Other && *Other);
  EXPECT_EQ((*Other)->Output, T.Path + "/build/other.o");
  EXPECT_EQ(findCuobjdump(**Other), Cuobjdump) << "behind ccache";
  EXPECT_FALSE(*compileEntryFor(Db, T.Path + "/src/none.cu"));
  // Malformed: the error names the database and the entry.
  std::string Bad = T.write("bad/compile_commands.json",
                            R"J([{"directory": "/", "file": "x.cu"} ])J");
  Expected<std::optional<CompileEntry>> B = compileEntryFor(Bad, "/x.cu");
  ASSERT_FALSE(B);
  EXPECT_NE(B.error().message().find("bad/compile_commands.json: entry 0: "
                                     "expected 'arguments' or 'command'"),
            std::string::npos);
  EXPECT_EQ(splitCommand(R"X(a "b c" 'd"e' f\ g)X"),
            (std::vector<std::string>{"a", "b c", "d\"e", "f g"}));
}

/// A stand-in for `headroom check` that notes each start and end in
/// runs.log, takes as long as `delay` says, and reports one finding whose
/// message is the file's first line; `crash` makes it die by a signal. It
/// reads `delay` before it notes its start: a test that changes `delay` once
/// it sees the start must not change this run's.
std::string fakeHeadroom(TempDir &T) {
  return T.write("headroom",
                 "#!/bin/sh\n"
                 "dir=$(dirname \"$0\")\n"
                 "for f; do :; done\n"
                 "delay=$(cat \"$dir/delay\" 2>/dev/null || echo 0)\n"
                 "echo start >> \"$dir/runs.log\"\n"
                 "[ -f \"$dir/crash\" ] && kill -SEGV $$\n"
                 "sleep \"$delay\"\n"
                 "echo end >> \"$dir/runs.log\"\n"
                 "printf '{\"schema\": \"headroom.check/1\", \"files\": [], "
                 "\"findings\": [{\"severity\": \"warning\", \"file\": \"%s\", "
                 "\"line\": 1, \"column\": 1, \"message\": \"%s\", "
                 "\"fixes\": []}]}' \"$f\" \"$(head -1 \"$f\")\"\n",
                 true);
}

struct Delivered {
  std::mutex M;
  std::vector<std::pair<std::string, std::string>> Results; // path, message
  std::vector<std::string> Logs;
  std::size_t results() {
    std::lock_guard<std::mutex> G(M);
    return Results.size();
  }
  std::size_t logs() {
    std::lock_guard<std::mutex> G(M);
    return Logs.size();
  }
};

/// Waits until \p Done or 20 s.
template <typename F> bool eventually(F Done) {
  for (int I = 0; I < 400 && !Done(); ++I)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  return Done();
}

std::unique_ptr<CompileTimeWorker> worker(TempDir &T, Delivered &D) {
  CompileTimeOptions O;
  O.Headroom = fakeHeadroom(T);
  O.Limit = std::chrono::milliseconds(20000);
  return std::make_unique<CompileTimeWorker>(
      O, [&] { return CompileTimeContextOfRun{T.Path, ""}; },
      [&D](const std::string &P, std::optional<CompileTimeResult> R) {
        std::lock_guard<std::mutex> G(D.M);
        D.Results.push_back(
            {P, R && !R->Findings.empty() ? R->Findings[0].Message : ""});
      },
      [&D](int, const std::string &Message) {
        std::lock_guard<std::mutex> G(D.M);
        D.Logs.push_back(Message);
      });
}

std::size_t countLines(const std::string &Text, const std::string &Line) {
  std::size_t N = 0;
  for (std::size_t At = Text.find(Line); At != std::string::npos;
       At = Text.find(Line, At + 1))
    ++N;
  return N;
}

TEST(CompileTimeTest, ANewerSaveStopsTheStaleRun) {
  TempDir T;
  Delivered D;
  std::string File = T.write("k.cu", "first\n");
  T.write("delay", "2");
  auto W = worker(T, D);
  W->schedule(File);
  ASSERT_TRUE(eventually([&] { return isRegularFile(T.Path + "/runs.log"); }));
  // Saved again while the first run sleeps: it is stopped, the second runs.
  T.write("k.cu", "second\n");
  T.write("delay", "0");
  W->schedule(File);
  ASSERT_TRUE(eventually([&] { return D.results() == 1; }));
  W->stop();
  EXPECT_EQ(D.Results[0].second, "second");
  std::string Runs = *readFile(T.Path + "/runs.log");
  EXPECT_EQ(countLines(Runs, "start"), 2u);
  EXPECT_EQ(countLines(Runs, "end"), 1u) << "the stale run was stopped";
  EXPECT_TRUE(D.Logs.empty());
}

TEST(CompileTimeTest, AClosedFileGetsNothingMore) {
  TempDir T;
  Delivered D;
  std::string File = T.write("k.cu", "first\n");
  T.write("delay", "1");
  auto W = worker(T, D);
  W->schedule(File);
  ASSERT_TRUE(eventually([&] { return isRegularFile(T.Path + "/runs.log"); }));
  W->forget(File);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  W->stop();
  EXPECT_EQ(D.results(), 0u);
}

TEST(CompileTimeTest, ACrashingChildIsLoggedOnce) {
  TempDir T;
  Delivered D;
  std::string File = T.write("k.cu", "first\n");
  T.write("crash", "");
  auto W = worker(T, D);
  for (int I = 0; I < 3; ++I) {
    W->schedule(File);
    ASSERT_TRUE(eventually([&] { return D.results() == std::size_t(I + 1); }));
  }
  EXPECT_EQ(D.logs(), 1u);
  EXPECT_NE(D.Logs[0].find("was killed by signal 11"), std::string::npos)
      << D.Logs[0];
  EXPECT_EQ(D.Results[2].second, "") << "no findings from a failed run";
  // Fixed: findings again, and a later failure is logged again.
  std::filesystem::remove(T.Path + "/crash");
  W->schedule(File);
  ASSERT_TRUE(eventually([&] { return D.results() == 4; }));
  EXPECT_EQ(D.Results[3].second, "first");
  T.write("crash", "");
  W->schedule(File);
  ASSERT_TRUE(eventually([&] { return D.results() == 5; }));
  W->stop();
  EXPECT_EQ(D.logs(), 2u);
}

TEST(CompileTimeTest, CudaSourcesAreChecked) {
  EXPECT_TRUE(CompileTimeWorker::handles("/src/k.cu"));
  EXPECT_TRUE(CompileTimeWorker::handles("/src/K.CU"));
  EXPECT_FALSE(CompileTimeWorker::handles("/src/k.cuh"));
  EXPECT_FALSE(CompileTimeWorker::handles("/src/k.cpp"));
}

TEST(CompileTimeTest, BoundedRuns) {
  BoundedRequest R;
  R.Argv = {"/bin/sh", "-c", "echo out; echo err >&2; exit 3"};
  BoundedOutcome O = runBounded(R, nullptr);
  EXPECT_TRUE(O.exitedWith(3));
  EXPECT_EQ(O.Stdout, "out\n");
  EXPECT_EQ(describeFailure(O, "x"), "x exited with status 3: err");

  R.Argv = {"/bin/sh", "-c", "echo $HEADROOM_TEST_VAR"};
  R.Environment = {{"HEADROOM_TEST_VAR", "set"}};
  EXPECT_EQ(runBounded(R, nullptr).Stdout, "set\n");

  R.Argv = {"/bin/sh", "-c", "sleep 0.2; cut -d' ' -f19 /proc/$$/stat"};
  R.Niceness = 10;
  int Ours = ::getpriority(PRIO_PROCESS, 0);
  EXPECT_EQ(runBounded(R, nullptr).Stdout,
            std::to_string(std::max(10, Ours)) + "\n")
      << "its nice value";
  R.Niceness = 0;

  R.Argv = {"/bin/sh", "-c", "kill -SEGV $$"};
  O = runBounded(R, nullptr);
  EXPECT_EQ(O.How, BoundedOutcome::End::Signaled);
  EXPECT_EQ(describeFailure(O, "x").rfind("x was killed by signal 11", 0), 0u);

  // The limit ends it, and what it started (its process group).
  R.Argv = {"/bin/sh", "-c", "sleep 30 & sleep 30"};
  R.Limit = std::chrono::milliseconds(300);
  O = runBounded(R, nullptr);
  EXPECT_EQ(O.How, BoundedOutcome::End::TimedOut);
  EXPECT_LT(O.Elapsed.count(), 5000);
  EXPECT_EQ(describeFailure(O, "x"),
            "x ran past its time limit of 0.3 s and was stopped");

  R.Limit = std::chrono::milliseconds(30000);
  int Asked = 0;
  O = runBounded(R, [&] { return ++Asked > 2; });
  EXPECT_EQ(O.How, BoundedOutcome::End::Cancelled);
  EXPECT_LT(O.Elapsed.count(), 5000);

  R.Argv = {"/nonexistent/headroom"};
  O = runBounded(R, nullptr);
  EXPECT_EQ(O.How, BoundedOutcome::End::NotStarted);
  EXPECT_NE(describeFailure(O, "x").find("could not be started"),
            std::string::npos);
}

} // namespace
