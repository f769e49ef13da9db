//===- Disassembly.cpp - Running cuobjdump on a compiled object -----------===//

#include "sass/Disassembly.h"

#include "support/Paths.h"
#include "support/Process.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <vector>

namespace headroom::sass {

namespace {

/// The output of \p Argv, run in \p WorkingDirectory (ours when empty),
/// its output and messages kept in files under \p Dir; the error names the
/// command and its first line of messages.
Expected<std::string> outputOf(const std::vector<std::string> &Argv,
                               const std::string &Dir,
                               const std::string &WorkingDirectory = "") {
  std::string Out = Dir + "/out.txt", Err = Dir + "/err.txt";
  Expected<ProcessExit> Exit = runProcess(Argv, Err, Out, WorkingDirectory);
  if (!Exit)
    return Exit.error();
  Expected<std::string> Text = readFile(Out);
  Expected<std::string> Messages = readFile(Err);
  if (Exit->Code != 0) {
    std::string Command;
    for (const std::string &A : Argv)
      Command += (Command.empty() ? "" : " ") + A;
    return Error("'" + Command + "' failed (exit " +
                 std::to_string(Exit->Code) + ")" +
                 (Messages && !Messages->empty()
                      ? ": " + Messages->substr(0, Messages->find('\n'))
                      : std::string()));
  }
  return Text;
}

} // namespace

std::string findCuobjdump() {
  if (const char *Env = std::getenv("HEADROOM_CUOBJDUMP"); Env && *Env)
    return Env;
  if (std::string InPath = findInPath("cuobjdump"); !InPath.empty())
    return InPath;
  const char *Home = std::getenv("CUDA_HOME");
  std::string Candidate =
      std::string(Home && *Home ? Home : "/usr/local/cuda") + "/bin/cuobjdump";
  return isExecutable(Candidate) ? Candidate : std::string();
}

Expected<std::string> runCuobjdump(const std::string &Object,
                                   const std::string &Flag) {
  std::string Tool = findCuobjdump();
  if (Tool.empty())
    return Error("cuobjdump not found (set HEADROOM_CUOBJDUMP, put the CUDA "
                 "toolkit's bin/ in PATH, or dump the SASS elsewhere and pass "
                 "--sass FILE and --res-usage FILE)");
  return runCuobjdump(Tool, Object, Flag);
}

Expected<std::string> runCuobjdump(const std::string &Tool,
                                   const std::string &Object,
                                   const std::string &Flag) {
  if (!isRegularFile(Object))
    return Error("cannot read '" + Object + "': no such file");
  Expected<std::string> Dir = makeTemporaryDirectory("headroom-sass-");
  if (!Dir)
    return Dir.error();
  Expected<std::string> Text = outputOf({Tool, Flag, Object}, *Dir);
  removeTree(*Dir);
  return Text;
}

std::string nvdisasmBeside(const std::string &Cuobjdump) {
  std::string Dir = parentPath(Cuobjdump);
  std::string Candidate = (Dir.empty() ? "." : Dir) + "/nvdisasm";
  return isExecutable(Candidate) ? Candidate : std::string();
}

Expected<std::string> runNvdisasmInlined(const std::string &Cuobjdump,
                                         const std::string &Nvdisasm,
                                         const std::string &Object) {
  if (!isRegularFile(Object))
    return Error("cannot read '" + Object + "': no such file");
  Expected<std::string> Dir = makeTemporaryDirectory("headroom-nvdisasm-");
  if (!Dir)
    return Dir.error();
  std::string Cubins = *Dir + "/cubins";
  std::error_code Ec;
  std::filesystem::create_directory(Cubins, Ec);
  Expected<std::string> Extracted =
      Ec ? Expected<std::string>(Error("cannot create '" + Cubins + "'"))
         : outputOf({Cuobjdump, "-xelf", "all", absolutePath(Object)}, *Dir,
                    Cubins);
  std::vector<std::string> Files;
  if (Extracted) {
    for (const auto &E : std::filesystem::directory_iterator(Cubins, Ec))
      if (E.path().extension() == ".cubin")
        Files.push_back(E.path().string());
    std::sort(Files.begin(), Files.end());
    if (Files.empty() && extension(Object) == "cubin")
      Files.push_back(Object);
  }
  std::string Listing;
  Expected<std::string> Failed = Extracted;
  for (const std::string &Cubin : Files) {
    Expected<std::string> Text = outputOf({Nvdisasm, "-gi", "-c", Cubin}, *Dir);
    if (!Text) {
      Failed = Text;
      break;
    }
    Listing += *Text;
  }
  removeTree(*Dir);
  if (!Failed)
    return Failed.error();
  if (Files.empty())
    return Error("'" + Cuobjdump + " -xelf all " + Object +
                 "' extracted no cubin");
  return Listing;
}

} // namespace headroom::sass
