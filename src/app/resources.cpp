#include "app/resources.h"

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <map>
#include <utility>
#include <vector>

#include <wx/filename.h>
#include <wx/icon.h>
#include <wx/log.h>
#include <wx/stdpaths.h>
#include <wx/utils.h>

namespace gomoku::app {

namespace {

// Problems with images go to stderr: a missing image must not pop up a log window at start.
void Warn(const wxString& text) {
  std::fprintf(stderr, "gomoku: warning: %s\n", text.utf8_str().data());
}

wxImage LoadImage(const wxString& name) {
  const wxString path = Resources::Find(name);
  if (path.empty()) {
    Warn(wxString::Format("image %s not found; drawing a substitute", name));
    return {};
  }
  wxImage image;
  {
    wxLogNull quiet;  // report below, on stderr, rather than in a log window
    image.LoadFile(path, wxBITMAP_TYPE_PNG);
  }
  if (!image.IsOk()) Warn(wxString::Format("cannot read image %s; drawing a substitute", path));
  return image;
}

// A bundle of square images that makes any other size by smooth (box-filtered) downscaling of
// the next larger image, keeping the alpha channel, so stones stay round and crisp at any cell
// size and DPI. Generated bitmaps are cached.
class SmoothBundle : public wxBitmapBundleImpl {
 public:
  explicit SmoothBundle(std::vector<wxImage> images) : images_(std::move(images)) {
    std::sort(images_.begin(), images_.end(),
              [](const wxImage& a, const wxImage& b) { return a.GetWidth() < b.GetWidth(); });
  }
  wxSize GetDefaultSize() const override { return images_.front().GetSize(); }
  wxSize GetPreferredBitmapSizeAtScale(double scale) const override {
    return GetDefaultSize() * scale;  // any size scales well
  }
  wxBitmap GetBitmap(const wxSize& size) override {
    const auto key = std::make_pair(size.x, size.y);
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    const wxImage* source = &images_.back();
    for (const wxImage& image : images_)
      if (image.GetWidth() >= size.x && image.GetHeight() >= size.y) {
        source = &image;
        break;
      }
    wxBitmap bitmap(
        source->GetSize() == size ? *source : source->Scale(size.x, size.y, wxIMAGE_QUALITY_HIGH));
    if (cache_.size() >= 32) cache_.clear();  // sizes change with the window: keep it small
    cache_.emplace(key, bitmap);
    return bitmap;
  }

 private:
  std::vector<wxImage> images_;
  std::map<std::pair<int, int>, wxBitmap> cache_;
};

// The images `stem`-<size>.png as a smooth bundle; `largest` receives the largest image found.
wxBitmapBundle LoadBundle(const wxString& stem, std::initializer_list<int> sizes,
                          wxImage* largest = nullptr) {
  std::vector<wxImage> images;
  for (int size : sizes) {
    wxImage image = LoadImage(wxString::Format("%s-%d.png", stem, size));
    if (!image.IsOk()) continue;
    if (largest) *largest = image;
    images.push_back(std::move(image));
  }
  return images.empty() ? wxBitmapBundle()
                        : wxBitmapBundle::FromImpl(new SmoothBundle(std::move(images)));
}

}  // namespace

wxArrayString Resources::SearchPath() {
  wxArrayString dirs;
  wxString env;
  if (wxGetEnv("GOMOKU_RES_DIR", &env) && !env.empty()) dirs.push_back(env);
  const wxFileName exe(wxStandardPaths::Get().GetExecutablePath());
  dirs.push_back(exe.GetPath() + wxFILE_SEP_PATH + "res");
  wxFileName share(exe.GetPath(), "");
  share.RemoveLastDir();
  share.AppendDir("share");
  share.AppendDir("gomoku");
  share.AppendDir("res");
  dirs.push_back(share.GetPath());
#ifdef GOMOKU_SOURCE_RES_DIR
  dirs.push_back(wxString::FromUTF8(GOMOKU_SOURCE_RES_DIR));
#endif
  return dirs;
}

wxString Resources::Find(const wxString& name) {
  for (const wxString& dir : SearchPath()) {
    const wxFileName file(dir, name);
    if (file.FileExists()) return file.GetFullPath();
  }
  return {};
}

std::unique_ptr<Resources>& Resources::Instance() {
  static std::unique_ptr<Resources> instance;
  return instance;
}

const Resources& Resources::Get() {
  std::unique_ptr<Resources>& instance = Instance();
  if (!instance) instance.reset(new Resources());
  return *instance;
}

void Resources::Unload() {
  Instance().reset();
}

Resources::Resources() {
  board_ = LoadImage("board.png");
  if (board_.IsOk()) boardTile_ = wxBitmap(board_);
  black_ = LoadBundle("stone-black", {32, 64, 128}, &blackImage_);
  white_ = LoadBundle("stone-white", {32, 64, 128}, &whiteImage_);
  marker_ = LoadBundle("marker-last", {32, 64});
  wxVector<wxBitmap> logos;
  for (int size : {16, 32, 48, 64, 128, 256}) {
    const wxString path = Find(wxString::Format("gomoku-%d.png", size));
    if (path.empty()) continue;  // the icon is optional at every size
    wxImage image;
    {
      wxLogNull quiet;
      image.LoadFile(path, wxBITMAP_TYPE_PNG);
    }
    if (!image.IsOk()) continue;
    const wxBitmap bitmap(image);
    logos.push_back(bitmap);
    wxIcon icon;
    icon.CopyFromBitmap(bitmap);
    icons_.AddIcon(icon);
  }
  if (logos.empty()) Warn("no application icon (gomoku-*.png) found");
  if (!logos.empty()) logo_ = wxBitmapBundle::FromBitmaps(logos);
}

}  // namespace gomoku::app
