//===- WrittenLaunches.cpp - Launches as written in source text -----------===//
//
// A small tokenizer of its own rather than clang's Lexer: clang's raw lexer
// needs language options and a source location for every buffer, and this
// runs on every file the parse reads, before clang sees it (ParseFileSystem),
// where only punctuation, identifiers and what to skip matter.
//
//===----------------------------------------------------------------------===//

#include "ast/WrittenLaunches.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace headroom::ast {

namespace {

enum class TokenKind { Identifier, Number, Literal, Punctuator };

struct Token {
  TokenKind Kind;
  unsigned Begin;
  unsigned End;
  /// The preprocessor directive the token belongs to (its number), or -1.
  int Directive;
};

bool isIdentifierChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '$' ||
         static_cast<unsigned char>(C) >= 0x80;
}

/// Splits a text into the tokens that matter here; comments and whitespace
/// are dropped, literals and header names are single tokens.
class Tokenizer {
public:
  explicit Tokenizer(llvm::StringRef Text) : Text(Text) {}

  std::vector<Token> run() {
    while (I < Text.size())
      step();
    return std::move(Tokens);
  }

private:
  char at(size_t K) const { return K < Text.size() ? Text[K] : '\0'; }

  /// The length of a backslash-newline at \p K (0 when there is none).
  size_t spliceAt(size_t K) const {
    if (at(K) != '\\')
      return 0;
    if (at(K + 1) == '\n')
      return 2;
    if (at(K + 1) == '\r' && at(K + 2) == '\n')
      return 3;
    return 0;
  }

  /// Moves to the end of the logical line (before its newline).
  void skipToLineEnd() {
    while (I < Text.size() && Text[I] != '\n') {
      size_t Splice = spliceAt(I);
      I += Splice ? Splice : 1;
    }
  }

  void push(TokenKind Kind, size_t Begin) {
    Tokens.push_back({Kind, static_cast<unsigned>(Begin),
                      static_cast<unsigned>(I), Directive});
  }

  /// A quoted literal ending at an unescaped \p Quote, or at the line's end
  /// when it is not closed (text in `#if 0` blocks need not be C++).
  void quoted(char Quote, size_t Begin) {
    for (++I; I < Text.size() && Text[I] != Quote && Text[I] != '\n'; ++I)
      if (Text[I] == '\\')
        ++I;
    if (at(I) == Quote)
      ++I;
    push(TokenKind::Literal, Begin);
  }

  /// A raw string literal whose `"` is at I: R"delim( ... )delim".
  void raw(size_t Begin) {
    size_t Open = Text.find('(', I + 1);
    if (Open == llvm::StringRef::npos || Open - I - 1 > 16 ||
        Text.slice(I + 1, Open).find_first_of(" )\\\t\v\f\r\n") !=
            llvm::StringRef::npos) {
      quoted('"', Begin);
      return;
    }
    std::string Close = (")" + Text.substr(I + 1, Open - I - 1) + "\"").str();
    size_t End = Text.find(Close, Open + 1);
    I = End == llvm::StringRef::npos ? Text.size() : End + Close.size();
    push(TokenKind::Literal, Begin);
  }

  void identifier() {
    size_t Begin = I;
    while (I < Text.size() && isIdentifierChar(Text[I]))
      ++I;
    llvm::StringRef Name = Text.slice(Begin, I);
    if (at(I) == '"' &&
        llvm::is_contained({"R", "u8R", "uR", "UR", "LR"}, Name))
      return raw(Begin);
    if ((at(I) == '"' || at(I) == '\'') &&
        llvm::is_contained({"u8", "u", "U", "L"}, Name))
      return quoted(Text[I], Begin);
    push(TokenKind::Identifier, Begin);
    if (!ExpectDirectiveName)
      return;
    ExpectDirectiveName = false;
    // Header names and diagnostic text are no tokens of the program.
    if (llvm::is_contained(
            {"include", "include_next", "import", "error", "warning"}, Name))
      skipToLineEnd();
  }

  /// A preprocessing number: 1'000, 0x1p-3, 1.5e+10f, .5.
  void number() {
    size_t Begin = I++;
    while (I < Text.size()) {
      char C = Text[I];
      if ((C == '+' || C == '-') &&
          llvm::StringRef("eEpP").contains(Text[I - 1]))
        ++I;
      else if (C == '\'' && isIdentifierChar(at(I + 1)))
        I += 2;
      else if (isIdentifierChar(C) || C == '.')
        ++I;
      else
        break;
    }
    push(TokenKind::Number, Begin);
  }

  void punctuator(bool AtLineStart) {
    size_t Begin = I;
    char C = Text[I], Next = at(I + 1);
    if ((C == '-' && Next == '>') || (C == ':' && Next == ':') ||
        ((C == '<' || C == '>') && Next == '='))
      I += (C == '<' && Next == '=' && at(I + 2) == '>') ? 3 : 2;
    else
      ++I;
    push(TokenKind::Punctuator, Begin);
    if (C == '#' && AtLineStart) {
      Directive = ++DirectiveCount;
      ExpectDirectiveName = true;
    }
  }

  void step() {
    char C = Text[I];
    if (C == '\n') {
      Directive = -1;
      ExpectDirectiveName = false;
      AtLineStart = true;
      ++I;
    } else if (size_t Splice = spliceAt(I)) {
      I += Splice;
    } else if (llvm::isSpace(C)) {
      ++I;
    } else if (C == '/' && at(I + 1) == '/') {
      skipToLineEnd();
    } else if (C == '/' && at(I + 1) == '*') {
      size_t End = Text.find("*/", I + 2);
      I = End == llvm::StringRef::npos ? Text.size() : End + 2;
    } else {
      bool LineStart = AtLineStart;
      AtLineStart = false;
      if (isIdentifierChar(C) && !llvm::isDigit(C))
        identifier();
      else if (llvm::isDigit(C) || (C == '.' && llvm::isDigit(at(I + 1))))
        number();
      else if (C == '"')
        quoted('"', I);
      else if (C == '\'')
        quoted('\'', I);
      else
        punctuator(LineStart);
    }
  }

  llvm::StringRef Text;
  size_t I = 0;
  std::vector<Token> Tokens;
  bool AtLineStart = true;
  bool ExpectDirectiveName = false;
  int Directive = -1;
  int DirectiveCount = 0;
};

/// Finds the launch configurations among the tokens of a text.
class LaunchScanner {
public:
  explicit LaunchScanner(llvm::StringRef Text)
      : Text(Text), Tokens(Tokenizer(Text).run()) {}

  /// Each launch with the token indices of its first opening and first
  /// closing bracket.
  struct Found {
    ChevronLaunch Launch;
    size_t OpenToken;
    size_t CloseToken;
  };

  std::vector<Found> run() {
    std::vector<Found> Launches;
    for (size_t K = 1; K + 2 < Tokens.size(); ++K) {
      if (!isOpening(K))
        continue;
      std::optional<size_t> Close = closingAfter(K);
      if (!Close)
        continue;
      Found F{{Tokens[K].Begin, Tokens[*Close].Begin, false, true}, K, *Close};
      F.Launch.Spaced = gapAt(K + 2) || gapAt(*Close + 2);
      F.Launch.Rewritable = !gapAt(*Close + 2) || closingRoom(*Close);
      Launches.push_back(F);
      K = *Close + 2;
    }
    return Launches;
  }

  const Token &token(size_t K) const { return Tokens[K]; }
  const std::vector<Token> &tokens() const { return Tokens; }

  /// Whether token \p K is the punctuator \p Spelling.
  bool isPunct(size_t K, llvm::StringRef Spelling) const {
    const Token &T = Tokens[K];
    return T.Kind == TokenKind::Punctuator &&
           Text.slice(T.Begin, T.End) == Spelling;
  }

  /// Whether something (whitespace, a comment) separates token \p K from
  /// the one before it.
  bool gapAt(size_t K) const { return Tokens[K - 1].End != Tokens[K].Begin; }

  /// Whether the closing chevron at token \p K can be written `>>>` in place
  /// (see closingRewrite).
  bool closingRoom(size_t K) const {
    llvm::StringRef Region = region(K);
    return firstLineRoom(Region) >= 3 || lastLineRoom(Region) >= 3;
  }

  /// The bytes from the first to the third bracket of the chevron at \p K.
  llvm::StringRef region(size_t K) const {
    return Text.slice(Tokens[K].Begin, Tokens[K + 2].End);
  }

  /// Whether byte \p At of \p Region must stay: a line break, or the
  /// backslash of a line splice.
  static bool mustStay(llvm::StringRef Region, size_t At) {
    char C = Region[At];
    if (C == '\n' || C == '\r')
      return true;
    llvm::StringRef Rest = Region.drop_front(At + 1);
    return C == '\\' && (Rest.starts_with("\n") || Rest.starts_with("\r\n"));
  }
  static size_t firstLineRoom(llvm::StringRef Region) {
    size_t N = 0;
    while (N < Region.size() && !mustStay(Region, N))
      ++N;
    return N;
  }
  static size_t lastLineRoom(llvm::StringRef Region) {
    size_t N = 0;
    while (N < Region.size() && !mustStay(Region, Region.size() - 1 - N))
      ++N;
    return N;
  }

private:
  /// Whether token \p K can end an expression that a launch configuration
  /// follows: a name (not `operator`), `)`, `]` or the `>` of template
  /// arguments.
  bool endsExpression(size_t K) const {
    const Token &T = Tokens[K];
    if (T.Kind == TokenKind::Identifier)
      return Text.slice(T.Begin, T.End) != "operator";
    return isPunct(K, ")") || isPunct(K, "]") || isPunct(K, ">");
  }

  /// Three brackets \p Bracket from token \p K in one directive (or none),
  /// the first two adjacent.
  bool isChevron(size_t K, llvm::StringRef Bracket) const {
    return K + 2 < Tokens.size() && isPunct(K, Bracket) &&
           isPunct(K + 1, Bracket) && isPunct(K + 2, Bracket) &&
           !gapAt(K + 1) && Tokens[K].Directive == Tokens[K + 2].Directive;
  }

  /// `<<<`, or `<<` and `<` with no line break between them, after an
  /// expression and not followed by a fourth `<`.
  bool isOpening(size_t K) const {
    if (!isChevron(K, "<") || !endsExpression(K - 1) || isPunct(K - 1, "<"))
      return false;
    if (K + 3 < Tokens.size() && isPunct(K + 3, "<") && !gapAt(K + 3))
      return false;
    return Text.slice(Tokens[K + 1].End, Tokens[K + 2].Begin)
               .find_first_of("\r\n") == llvm::StringRef::npos;
  }

  /// The first closing chevron at the opening's depth after the opening at
  /// \p Open that is followed by `(` or ends the directive.
  std::optional<size_t> closingAfter(size_t Open) const {
    int Directive = Tokens[Open].Directive;
    int Depth = 0;
    for (size_t K = Open + 3; K < Tokens.size(); ++K) {
      // A directive inside a launch (`#if` around an argument) is skipped;
      // a launch inside a directive ends with it.
      if (Tokens[K].Directive != Directive) {
        if (Directive < 0)
          continue;
        return std::nullopt;
      }
      if (isPunct(K, "(") || isPunct(K, "[") || isPunct(K, "{")) {
        ++Depth;
      } else if (isPunct(K, ")") || isPunct(K, "]") || isPunct(K, "}")) {
        if (Depth-- == 0)
          return std::nullopt;
      } else if (Depth == 0 && isPunct(K, ";")) {
        return std::nullopt;
      } else if (Depth == 0 && isChevron(K, ">")) {
        bool AtEnd =
            K + 3 == Tokens.size() || Tokens[K + 3].Directive != Directive;
        if ((Directive >= 0 && AtEnd) ||
            (K + 3 < Tokens.size() && isPunct(K + 3, "(")))
          return K;
      }
    }
    return std::nullopt;
  }

  llvm::StringRef Text;
  std::vector<Token> Tokens;
};

/// Writes three \p Bracket over \p Region of \p Out (starting at \p Begin),
/// blanking the rest except line breaks and splices, with the brackets on
/// the region's first line when it has room, else on its last.
void writeChevron(std::string &Out, unsigned Begin, llvm::StringRef Region,
                  char Bracket) {
  for (size_t K = 0; K < Region.size(); ++K)
    if (!LaunchScanner::mustStay(Region, K))
      Out[Begin + K] = ' ';
  size_t First =
      LaunchScanner::firstLineRoom(Region) >= 3 ? 0 : Region.size() - 3;
  for (size_t K = 0; K < 3; ++K)
    Out[Begin + First + K] = Bracket;
}

/// Whether \p Text may hold a spaced chevron: `<<` or `>>` followed by a
/// comment, or by whitespace (or a line splice) and a third bracket. Most files
/// do not, and are not tokenized at all.
bool maySpaceChevrons(llvm::StringRef Text) {
  for (char Bracket : {'<', '>'}) {
    const char Pair[] = {Bracket, Bracket, '\0'};
    for (size_t At = Text.find(Pair); At != llvm::StringRef::npos;
         At = Text.find(Pair, At + 2)) {
      // Whitespace and line splices.
      size_t Next = Text.find_first_not_of(" \t\r\n\f\v\\", At + 2);
      if (Next == llvm::StringRef::npos)
        break;
      if (Text[Next] == '/' || (Next > At + 2 && Text[Next] == Bracket))
        return true;
    }
  }
  return false;
}

} // namespace

std::vector<unsigned> findCalls(llvm::StringRef Text,
                                llvm::ArrayRef<llvm::StringRef> Names) {
  LaunchScanner Scanner(Text);
  const std::vector<Token> &Tokens = Scanner.tokens();
  std::vector<unsigned> Offsets;
  for (size_t K = 0; K + 1 < Tokens.size(); ++K)
    if (Tokens[K].Kind == TokenKind::Identifier &&
        llvm::is_contained(Names, Text.slice(Tokens[K].Begin, Tokens[K].End)) &&
        (Scanner.isPunct(K + 1, "(") || Scanner.isPunct(K + 1, "<")))
      Offsets.push_back(Tokens[K].Begin);
  return Offsets;
}

std::vector<ChevronLaunch> findChevronLaunches(llvm::StringRef Text) {
  std::vector<ChevronLaunch> Launches;
  for (const LaunchScanner::Found &F : LaunchScanner(Text).run())
    Launches.push_back(F.Launch);
  return Launches;
}

std::optional<std::string> normalizeLaunchChevrons(llvm::StringRef Text) {
  if (!maySpaceChevrons(Text))
    return std::nullopt;
  LaunchScanner Scanner(Text);
  std::string Out = Text.str();
  bool Changed = false;
  for (const LaunchScanner::Found &F : Scanner.run()) {
    if (!F.Launch.Spaced || !F.Launch.Rewritable)
      continue;
    for (auto [K, Bracket] :
         {std::pair{F.OpenToken, '<'}, std::pair{F.CloseToken, '>'}})
      if (Scanner.gapAt(K + 2))
        writeChevron(Out, Scanner.token(K).Begin, Scanner.region(K), Bracket);
    Changed = true;
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

} // namespace headroom::ast
