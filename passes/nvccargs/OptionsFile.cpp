//===- OptionsFile.cpp - nvcc --options-file contents ---------------------===//

#include "nvccargs/OptionsFile.h"

#include "support/InputFile.h"
#include "support/Paths.h"

namespace headroom::nvccargs {

std::vector<std::string> tokenizeOptionsFile(std::string_view Text) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (Quote) {
      if (C == Quote)
        Quote = 0;
      else if (C == '\\' && Quote == '"' && I + 1 < Text.size() &&
               (Text[I + 1] == '"' || Text[I + 1] == '\\'))
        Word += Text[++I];
      else
        Word += C;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InWord)
        Words.push_back(std::move(Word));
      Word.clear();
      InWord = false;
      continue;
    }
    InWord = true;
    if (C == '"' || C == '\'')
      Quote = C;
    else if (C == '\\' && I + 1 < Text.size())
      Word += Text[++I];
    else
      Word += C;
  }
  if (InWord)
    Words.push_back(std::move(Word));
  return Words;
}

Expected<std::vector<std::string>>
readOptionsFile(const std::string &Path, const std::string &WorkingDirectory) {
  std::string Full = absolutePath(Path, WorkingDirectory);
  Expected<std::string> Text = readInputFile(Full, MaxTextFileBytes);
  if (!Text)
    return Error("cannot read the options file '" + Path +
                 "': " + Text.error().message());
  return tokenizeOptionsFile(*Text);
}

} // namespace headroom::nvccargs
