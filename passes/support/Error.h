//===- Error.h - Errors and expected values for Headroom --------*- C++ -*-===//
///
/// \file
/// A small error type for the parts of Headroom that must build without LLVM
/// (the model, the formats and the tool on a GPU machine without Clang). An
/// Error is one line for the user that names the file, the field and what was
/// expected; `Expected<T>` holds either a value or such an Error, in the spirit
/// of llvm::Expected but without its must-check machinery.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_ERROR_H
#define HEADROOM_SUPPORT_ERROR_H

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace headroom {

/// A user-facing error message, without the leading "error: ".
class Error {
public:
  explicit Error(std::string Message) : Message(std::move(Message)) {}
  const std::string &message() const { return Message; }

  /// Prefixes the message with where it happened, e.g. a file name.
  Error context(const std::string &Where) const {
    return Error(Where + ": " + Message);
  }

private:
  std::string Message;
};

/// Either a T or an Error. Test with `if (!E)`, then `E.error()` or `*E`.
template <typename T> class Expected {
public:
  Expected(T Value) : Storage(std::move(Value)) {}
  Expected(Error Err) : Storage(std::move(Err)) {}

  explicit operator bool() const { return Storage.index() == 0; }
  T &operator*() {
    assert(*this && "dereferencing an Expected that holds an error");
    return std::get<0>(Storage);
  }
  const T &operator*() const {
    assert(*this && "dereferencing an Expected that holds an error");
    return std::get<0>(Storage);
  }
  T *operator->() { return &**this; }
  const T *operator->() const { return &**this; }
  const Error &error() const {
    assert(!*this && "asking a value for its error");
    return std::get<1>(Storage);
  }

private:
  std::variant<T, Error> Storage;
};

/// An operation that can fail but returns nothing: empty on success.
class Status {
public:
  Status() = default;
  Status(Error Err) : Err(std::move(Err)), Failed(true) {}
  static Status success() { return Status(); }
  explicit operator bool() const { return !Failed; }
  const Error &error() const {
    assert(Failed && "asking a success for its error");
    return Err;
  }

private:
  Error Err{""};
  bool Failed = false;
};

} // namespace headroom

#endif // HEADROOM_SUPPORT_ERROR_H
