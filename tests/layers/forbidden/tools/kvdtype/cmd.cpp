#include "bindings/face.hpp"
#include "core/check.hpp"
