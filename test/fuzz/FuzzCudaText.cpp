//===- FuzzCudaText.cpp - Fuzzing the CUDA source text reader -------------===//
///
/// \file
/// Any text as a source or header that the nvcc wrapper's launch scan reads
/// and that the host parse asks whether a launch can be in
/// (support/CudaText.h): launch text is found where code starts it, the
/// spliced text maps back into the original, and include and other
/// directives come in line order, each what its kind says.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "support/CudaText.h"

#include <cctype>

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string_view Text = fuzz::text(Data, Size);
  LogicalText Logical(Text);
  if (Logical.text().size() > Text.size())
    fuzz::fail("splicing made the text longer");
  std::optional<std::size_t> At = findLaunchText(Text);
  std::optional<std::size_t> InLogical = findLaunchText(Logical);
  if (At.has_value() != InLogical.has_value())
    fuzz::fail("launch text found in one reading of the text only");
  if (At) {
    if (*At >= Text.size() || *InLogical >= Logical.text().size())
      fuzz::fail("launch text past the end");
    if (Logical.original(*InLogical) != *At)
      fuzz::fail("the spliced offset does not map back");
    char C = Logical.text()[*InLogical];
    if (C != '<' && C != '_' && !std::isalpha(static_cast<unsigned char>(C)))
      fuzz::fail(std::string("launch text starts with '") + C + "'");
    if (Logical.line(*InLogical) < 1)
      fuzz::fail("line 0");
  }
  unsigned Previous = 0;
  for (const IncludeDirective &D : findIncludes(Logical.text())) {
    if (D.Line <= Previous)
      fuzz::fail("include directives out of line order");
    if (D.Computed && !D.Name.empty())
      fuzz::fail("a computed include with a name");
    Previous = D.Line;
  }
  Previous = 0;
  for (const TextDirective &D : findDirectives(Text)) {
    if (D.Line <= Previous)
      fuzz::fail("directives out of line order");
    bool Include = D.K == TextDirective::Kind::Include;
    if (Include ? D.Include.Line != D.Line || !D.Name.empty()
                : !D.Include.Name.empty() || D.Include.Computed)
      fuzz::fail("a directive that is not what its kind says");
    if (D.K != TextDirective::Kind::Conditional && !D.Condition.empty())
      fuzz::fail("a condition on a directive that is no conditional");
    Previous = D.Line;
  }
  return 0;
}
