//===- Disassembly.cpp - Running cuobjdump on a compiled object -----------===//

#include "sass/Disassembly.h"

#include "support/Paths.h"
#include "support/Process.h"

#include <cstdlib>

namespace headroom::sass {

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
  std::string Out = *Dir + "/out.txt", Err = *Dir + "/err.txt";
  Expected<ProcessExit> Exit = runProcess({Tool, Flag, Object}, Err, Out);
  Expected<std::string> Text = readFile(Out);
  Expected<std::string> Messages = readFile(Err);
  removeTree(*Dir);
  if (!Exit)
    return Exit.error();
  if (Exit->Code != 0)
    return Error("'" + Tool + " " + Flag + " " + Object + "' failed (exit " +
                 std::to_string(Exit->Code) + ")" +
                 (Messages && !Messages->empty()
                      ? ": " + Messages->substr(0, Messages->find('\n'))
                      : std::string()));
  return Text;
}

} // namespace headroom::sass
