#include "games/linja/eval.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace ludus::linja {

// Fitted by games/linja/tune/linja_tune.cpp (docs/games/linja.md): 137,164
// exactly labelled self-play states, weighted accuracy 0.834; scale 220.
// {start of the game, end of the game} per feature, in 1/100 points.
float g_weights[2][kNumFeatures] = {
    {
        255.1f, 165.9f, 132.2f, 122.9f, 146.2f, 108.5f, 73.5f,
        106.4f, 18.3f, 11.2f, 16.8f, 32.6f, 26.7f, 22.4f,
        -13.7f, 286.4f, -0.2f, 163.5f, 6.6f, -3.2f, -5.2f,
        -87.8f, -27.8f, 1.5f, -82.8f, 121.1f, 9.3f, -31.9f,
        18.4f, -11.0f, 37.1f, -22.2f, 66.5f, -51.6f, 3.7f,
        3.2f, 88.4f, -80.7f, 2.6f,
    },
    {
        650.7f, 428.2f, 274.7f, 192.5f, 158.6f, 87.5f, 7.2f,
        209.0f, 173.6f, 171.2f, 53.9f, -56.3f, -26.0f, -75.6f,
        18.3f, 265.7f, -22.2f, 290.7f, 43.6f, -20.0f, 6.9f,
        -163.0f, -125.0f, 11.4f, -122.2f, -20.6f, -30.6f, -62.5f,
        71.4f, -37.0f, 53.7f, -56.1f, 82.6f, -49.3f, 7.3f,
        14.8f, 170.4f, -71.2f, 44.8f,
    },
};

double taper(const Position& p) {
  return std::clamp((remaining_distance(p) - kTaperEnd) / double(kTaperStart - kTaperEnd), 0.0, 1.0);
}

Score evaluate(const Position& p) {
  const float t = static_cast<float>(taper(p));
  float s = 0;
  extract_features(p, [&](int k, float value) {
    s += (g_weights[1][k] + t * (g_weights[0][k] - g_weights[1][k])) * value;
  });
  return static_cast<Score>(s < 0 ? s - 0.5f : s + 0.5f);
}

std::vector<std::string> eval_lines(const Position& p) {
  const Features x = features(p);
  const double t = taper(p);
  std::vector<std::string> out;
  char buf[160];
  std::snprintf(buf, sizeof buf, "ludus eval, side to move's view; 100 = about one point of final margin; phase %.2f",
                t);
  out.emplace_back(buf);
  for (int k = 0; k < kNumFeatures; ++k) {
    if (x.v[k] == 0) continue;
    const double w = t * g_weights[0][k] + (1 - t) * g_weights[1][k];
    std::snprintf(buf, sizeof buf, "%-12s %7.3f x %7.1f = %7.1f", kFeatureNames[k], x.v[k], w, x.v[k] * w);
    out.emplace_back(buf);
  }
  out.push_back("total " + std::to_string(evaluate(p)));
  return out;
}

}  // namespace ludus::linja
