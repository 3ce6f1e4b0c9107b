#include "render/report.hpp"
#include <fstream>
