//===- NvccOptions.cpp - The options nvcc 13 accepts ----------------------===//

#include "nvccargs/NvccOptions.h"

#include <iterator>

namespace headroom::nvccargs {

namespace {

using K = ValueKind;
using I = OptionId;

/// From `nvcc --help` of CUDA 13.0 (release 13.0, V13.0.88), in its order,
/// plus -Xcudafe, -Xcicc and -Xfatbin, which nvcc accepts without listing.
constexpr OptionSpec Table[] = {
    {"--cuda", "-cuda", K::None, I::CudaOutput},
    {"--cubin", "-cubin", K::None, I::Cubin},
    {"--fatbin", "-fatbin", K::None, I::Fatbin},
    {"--ptx", "-ptx", K::None, I::Ptx},
    {"--optix-ir", "-optix-ir", K::None, I::OptixIr},
    {"--ltoir", "-ltoir", K::None, I::Ltoir},
    {"--preprocess", "-E", K::None, I::Preprocess},
    {"--generate-dependencies", "-M", K::None, I::Deps},
    {"--generate-nonsystem-dependencies", "-MM", K::None, I::DepsNonSystem},
    {"--generate-dependencies-with-compile", "-MD", K::None,
     I::DepsWithCompile},
    {"--generate-nonsystem-dependencies-with-compile", "-MMD", K::None,
     I::DepsNonSystemWithCompile},
    {"--dependency-output", "-MF", K::One, I::DepOutput},
    {"--generate-dependency-targets", "-MP", K::None, I::DepTargets},
    {"--compile", "-c", K::None, I::Compile},
    {"--device-c", "-dc", K::None, I::DeviceC},
    {"--device-w", "-dw", K::None, I::DeviceW},
    {"--device-link", "-dlink", K::None, I::DeviceLink},
    {"--link", "-link", K::None, I::Link},
    {"--lib", "-lib", K::None, I::Lib},
    {"--run", "-run", K::None, I::Run},
    {"--output-file", "-o", K::One, I::Output},
    {"--pre-include", "-include", K::List, I::PreInclude},
    {"--objdir-as-tempdir", "-objtemp", K::None},
    {"--library", "-l", K::List, I::Other, /*Joined=*/true},
    {"--define-macro", "-D", K::List, I::Define, /*Joined=*/true},
    {"--undefine-macro", "-U", K::List, I::Undefine, /*Joined=*/true},
    {"--include-path", "-I", K::List, I::IncludePath, /*Joined=*/true},
    {"--system-include", "-isystem", K::List, I::SystemInclude},
    {"--library-path", "-L", K::List, I::Other, /*Joined=*/true},
    {"--output-directory", "-odir", K::One, I::OutputDirectory},
    {"--compiler-bindir", "-ccbin", K::One, I::CompilerBinDir},
    {"--allow-unsupported-compiler", "-allow-unsupported-compiler", K::None},
    {"--archiver-binary", "-arbin", K::One},
    {"--cudart", "-cudart", K::One},
    {"--cudadevrt", "-cudadevrt", K::One},
    {"--libdevice-directory", "-ldir", K::One},
    {"--target-directory", "-target-dir", K::One},
    {"--use-local-env", "-use-local-env", K::None},
    {"--force-cl-env-setup", "-force-cl-env-setup", K::None},
    {"--profile", "-pg", K::None},
    {"--debug", "-g", K::None},
    {"--device-debug", "-G", K::None},
    {"--generate-line-info", "-lineinfo", K::None},
    {"--optimization-info", "-opt-info", K::List},
    {"--optimize", "-O", K::One, I::Optimize, /*Joined=*/true},
    {"--Ofast-compile", "-Ofc", K::One},
    {"--dopt", "-dopt", K::One},
    {"--dlink-time-opt", "-dlto", K::None},
    {"--lto", "-lto", K::None},
    {"--gen-opt-lto", "-gen-opt-lto", K::None},
    {"--ftemplate-backtrace-limit", "-ftemplate-backtrace-limit", K::One},
    {"--ftemplate-depth", "-ftemplate-depth", K::One, I::TemplateDepth},
    {"--no-exceptions", "-noeh", K::None, I::NoExceptions},
    {"--shared", "-shared", K::None, I::Shared},
    {"--x", "-x", K::One, I::Language},
    {"--std", "-std", K::One, I::Std},
    {"--no-host-device-initializer-list", "-nohdinitlist", K::None},
    {"--no-host-device-move-forward", "-nohdmoveforward", K::None},
    {"--expt-relaxed-constexpr", "-expt-relaxed-constexpr", K::None},
    {"--extended-lambda", "-extended-lambda", K::None},
    {"--expt-extended-lambda", "-expt-extended-lambda", K::None},
    {"--machine", "-m", K::One, I::Machine},
    {"--m64", "-m64", K::None, I::M64},
    {"--compiler-options", "-Xcompiler", K::List, I::CompilerOptions},
    {"--linker-options", "-Xlinker", K::List},
    {"--archive-options", "-Xarchive", K::List},
    {"--ptxas-options", "-Xptxas", K::List},
    {"--nvlink-options", "-Xnvlink", K::List},
    {"--cudafe-options", "-Xcudafe", K::List},
    {"--cicc-options", "-Xcicc", K::List},
    {"--fatbinary-options", "-Xfatbin", K::List},
    {"--static-global-template-stub", "-static-global-template-stub", K::One},
    {"--device-entity-has-hidden-visibility",
     "-device-entity-has-hidden-visibility", K::One},
    {"--forward-unknown-to-host-compiler", "-forward-unknown-to-host-compiler",
     K::None, I::ForwardUnknownToHostCompiler},
    {"--forward-unknown-to-host-linker", "-forward-unknown-to-host-linker",
     K::None},
    {"--forward-unknown-opts", "-forward-unknown-opts", K::None,
     I::ForwardUnknownOpts},
    {"--dont-use-profile", "-noprof", K::None},
    {"--dryrun", "-dryrun", K::None, I::Dryrun},
    {"--verbose", "-v", K::None},
    {"--threads", "-t", K::One, I::Other, /*Joined=*/true},
    {"--split-compile", "-split-compile", K::One},
    {"--split-compile-extended", "-split-compile-extended", K::One},
    {"--fdevice-syntax-only", "-fdevice-syntax-only", K::None},
    {"--fdevice-time-trace", "-fdevice-time-trace", K::One},
    {"--keep", "-keep", K::None},
    {"--keep-dir", "-keep-dir", K::One},
    {"--save-temps", "-save-temps", K::None},
    {"--clean-targets", "-clean", K::None},
    {"--time", "-time", K::One},
    {"--run-args", "-run-args", K::List},
    {"--input-drive-prefix", "-idp", K::One},
    {"--dependency-drive-prefix", "-ddp", K::One},
    {"--drive-prefix", "-dp", K::One},
    {"--dependency-target-name", "-MT", K::One, I::DepTargetName},
    {"--no-align-double", "", K::None},
    {"--no-device-link", "-nodlink", K::None},
    {"--gpu-architecture", "-arch", K::One, I::GpuArchitecture},
    {"--gpu-code", "-code", K::List},
    {"--generate-code", "-gencode", K::List, I::GenerateCode},
    {"--relocatable-device-code", "-rdc", K::One, I::RelocatableDeviceCode},
    {"--entries", "-e", K::List},
    {"--maxrregcount", "-maxrregcount", K::One},
    {"--use_fast_math", "-use_fast_math", K::None},
    {"--ftz", "-ftz", K::One},
    {"--prec-div", "-prec-div", K::One},
    {"--prec-sqrt", "-prec-sqrt", K::One},
    {"--fmad", "-fmad", K::One},
    {"--extra-device-vectorization", "-extra-device-vectorization", K::None},
    {"--default-stream", "-default-stream", K::One, I::DefaultStream},
    {"--disable-warnings", "-w", K::None},
    {"--keep-device-functions", "-keep-device-functions", K::None},
    {"--source-in-ptx", "-src-in-ptx", K::None},
    {"--restrict", "-restrict", K::None},
    {"--Wreorder", "-Wreorder", K::None},
    {"--Wdefault-stream-launch", "-Wdefault-stream-launch", K::None},
    {"--Wmissing-launch-bounds", "-Wmissing-launch-bounds", K::None},
    {"--Wext-lambda-captures-this", "-Wext-lambda-captures-this", K::None},
    {"--Wno-deprecated-declarations", "-Wno-deprecated-declarations", K::None},
    {"--Wno-deprecated-gpu-targets", "-Wno-deprecated-gpu-targets", K::None},
    {"--Werror", "-Werror", K::List},
    {"--resource-usage", "-res-usage", K::None},
    {"--extensible-whole-program", "-ewp", K::None},
    {"--no-compress", "-no-compress", K::None},
    {"--qpp-config", "-qpp-config", K::None},
    {"--compile-as-tools-patch", "-astoolspatch", K::None},
    {"--list-gpu-code", "-code-ls", K::None, I::ListGpuCode},
    {"--list-gpu-arch", "-arch-ls", K::None, I::ListGpuArch},
    {"--display-error-number", "-err-no", K::None},
    {"--no-display-error-number", "-no-err-no", K::None},
    {"--diag-error", "-diag-error", K::List},
    {"--diag-suppress", "-diag-suppress", K::List},
    {"--diag-warn", "-diag-warn", K::List},
    {"--host-linker-script", "-hls", K::One, I::HostLinkerScript},
    {"--augment-host-linker-script", "-aug-hls", K::None},
    {"--relocatable-link", "-r", K::None, I::RelocatableLink},
    {"--brief-diagnostics", "-brief-diag", K::One},
    {"--jump-table-density", "-jtd", K::One},
    {"--relocatable-ptx", "-reloc-ptx", K::None},
    {"--device-stack-protector", "-device-stack-protector", K::One},
    {"--compress-mode", "-compress-mode", K::One},
    {"--frandom-seed", "-frandom-seed", K::One},
    {"--sanitize", "-sanitize", K::One},
    {"--jobserver", "-jobserver", K::None},
    {"--help", "-h", K::None, I::Help},
    {"--version", "-V", K::None, I::Version},
    {"--options-file", "-optf", K::List, I::OptionsFile},
};

/// \p Arg is \p Spelling itself, or `Spelling=value` for an option with a
/// value.
bool matchesSpelling(std::string_view Arg, std::string_view Spelling,
                     const OptionSpec &Spec, OptionMatch &M) {
  if (Spelling.empty() || !Arg.starts_with(Spelling))
    return false;
  if (Arg.size() == Spelling.size()) {
    M = {&Spec, false, {}};
    return true;
  }
  if (Spec.Value != ValueKind::None && Arg[Spelling.size()] == '=') {
    M = {&Spec, true, Arg.substr(Spelling.size() + 1)};
    return true;
  }
  return false;
}

} // namespace

OptionMatch matchOption(std::string_view Arg) {
  OptionMatch M;
  if (Arg.size() < 2 || Arg[0] != '-')
    return M;
  for (const OptionSpec &Spec : Table)
    if (matchesSpelling(Arg, Spec.Long, Spec, M) ||
        matchesSpelling(Arg, Spec.Short, Spec, M))
      return M;
  // Joined values, longest short spelling first: only one-letter options
  // take them, so at most one can match.
  for (const OptionSpec &Spec : Table)
    if (Spec.Joined && Arg.size() > Spec.Short.size() &&
        Arg.starts_with(Spec.Short))
      return {&Spec, true, Arg.substr(Spec.Short.size())};
  return M;
}

OptionTable allOptions() { return {std::begin(Table), std::end(Table)}; }

} // namespace headroom::nvccargs
