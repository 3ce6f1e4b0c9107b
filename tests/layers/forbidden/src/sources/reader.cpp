#include "render/report.hpp"
#include "core/check.hpp"
