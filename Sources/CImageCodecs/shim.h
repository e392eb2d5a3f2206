#ifndef CPICK_CIMAGECODECS_SHIM_H
#define CPICK_CIMAGECODECS_SHIM_H
/* The image decoders and the JPEG encoder the card's photo goes through, from Debian:
 * libjpeg-turbo (libjpeg62-turbo-dev), libpng 1.6 (libpng-dev), giflib (libgif-dev).
 * Chosen over gdk-pixbuf (what chafa's own tool uses) because each tells an image's
 * size from its header before anything is decoded, so an enormous photo is refused
 * before memory is spent on it, and none of them pulls GObject into the program.
 *
 * libjpeg reports errors by calling error_exit, which must not return: the two JPEG
 * functions below keep the setjmp/longjmp that needs in C, where it is defined;
 * Swift only sees plain functions that return an error code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <png.h>
#include <gif_lib.h>

struct cpick_jpeg_error {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
};

static void cpick_jpeg_error_exit(j_common_ptr info) {
  struct cpick_jpeg_error *error = (struct cpick_jpeg_error *)info->err;
  longjmp(error->jump, 1);
}

static void cpick_jpeg_silent(j_common_ptr info, int level) { (void)info; (void)level; }

/* Reads a JPEG's size from its header (0: read; -1: damaged). */
static inline int cpick_jpeg_size(const unsigned char *data, unsigned long length, int *width, int *height) {
  struct jpeg_decompress_struct info;
  struct cpick_jpeg_error error;
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = cpick_jpeg_error_exit;
  error.manager.emit_message = cpick_jpeg_silent;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return -1;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, length);
  jpeg_read_header(&info, TRUE);
  *width = (int)info.image_width;
  *height = (int)info.image_height;
  jpeg_destroy_decompress(&info);
  return 0;
}

/* Decodes a JPEG into RGB, scaled down by libjpeg (1/2, 1/4, 1/8) while the result
 * stays at least `atLeast` pixels on its shorter side. `*pixels` is malloc'd (free it);
 * returns 0, or -1 for a damaged image. */
static inline int cpick_jpeg_decode(const unsigned char *data, unsigned long length, int atLeast,
                                    unsigned char **pixels, int *width, int *height) {
  struct jpeg_decompress_struct info;
  struct cpick_jpeg_error error;
  unsigned char *volatile out = NULL;
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = cpick_jpeg_error_exit;
  error.manager.emit_message = cpick_jpeg_silent;
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    free(out);
    return -1;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, length);
  jpeg_read_header(&info, TRUE);
  unsigned int shorter = info.image_width < info.image_height ? info.image_width : info.image_height;
  unsigned int denominator = 1;
  while (denominator < 8 && atLeast > 0 && shorter / (denominator * 2) >= (unsigned int)atLeast) denominator *= 2;
  info.scale_num = 1;
  info.scale_denom = denominator;
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress(&info);
  size_t stride = (size_t)info.output_width * 3;
  out = (unsigned char *)malloc(stride * info.output_height);
  if (!out) {
    jpeg_destroy_decompress(&info);
    return -1;
  }
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = out + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  *width = (int)info.output_width;
  *height = (int)info.output_height;
  jpeg_destroy_decompress(&info);
  *pixels = out;
  return 0;
}

/* Encodes RGB pixels as a baseline JPEG of `quality` (0–100). `*jpeg` is malloc'd by
 * libjpeg (free it); returns 0, or -1. */
static inline int cpick_jpeg_encode(const unsigned char *pixels, int width, int height, int quality,
                                    unsigned char **jpeg, unsigned long *length) {
  struct jpeg_compress_struct info;
  struct cpick_jpeg_error error;
  info.err = jpeg_std_error(&error.manager);
  error.manager.error_exit = cpick_jpeg_error_exit;
  error.manager.emit_message = cpick_jpeg_silent;
  *jpeg = NULL;
  *length = 0;
  if (setjmp(error.jump)) {
    jpeg_destroy_compress(&info);
    return -1;
  }
  jpeg_create_compress(&info);
  jpeg_mem_dest(&info, jpeg, length);
  info.image_width = (JDIMENSION)width;
  info.image_height = (JDIMENSION)height;
  info.input_components = 3;
  info.in_color_space = JCS_RGB;
  jpeg_set_defaults(&info);
  jpeg_set_quality(&info, quality, TRUE);
  jpeg_start_compress(&info, TRUE);
  while (info.next_scanline < info.image_height) {
    JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * (size_t)width * 3);
    jpeg_write_scanlines(&info, &row, 1);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  return 0;
}

/* giflib reads through a callback: the bytes and how far it has read. */
struct cpick_gif_source {
  const unsigned char *data;
  unsigned long length;
  unsigned long offset;
};

static int cpick_gif_read(GifFileType *file, GifByteType *buffer, int count) {
  struct cpick_gif_source *source = (struct cpick_gif_source *)file->UserData;
  unsigned long left = source->length - source->offset;
  unsigned long n = (unsigned long)count < left ? (unsigned long)count : left;
  memcpy(buffer, source->data + source->offset, n);
  source->offset += n;
  return (int)n;
}

/* Decodes a GIF's first frame into RGB, record by record (never DGifSlurp, which
 * would decode every frame at its own size: an 800 KB file of frames far larger than
 * its screen is gigabytes), refusing a screen or a first frame larger than `maxPixels`
 * before reading any of its image data. The frame is read a line at a time into the
 * screen (an interlaced one in its four passes) and clipped to it. Returns 0; -1
 * damaged; -2 too large (size set: the screen's, or the frame's). */
static inline int cpick_gif_decode(const unsigned char *data, unsigned long length, long maxPixels,
                                   unsigned char **pixels, int *width, int *height) {
  struct cpick_gif_source source = {data, length, 0};
  int status = 0;
  GifFileType *file = DGifOpen(&source, cpick_gif_read, &status);
  if (!file) return -1;
  *width = file->SWidth;
  *height = file->SHeight;
  if (file->SWidth <= 0 || file->SHeight <= 0) { DGifCloseFile(file, &status); return -1; }
  if ((long)file->SWidth * (long)file->SHeight > maxPixels) { DGifCloseFile(file, &status); return -2; }
  int transparent = -1;
  GifRecordType record;
  for (;;) {
    if (DGifGetRecordType(file, &record) != GIF_OK || record == TERMINATE_RECORD_TYPE) {
      DGifCloseFile(file, &status);
      return -1;
    }
    if (record == IMAGE_DESC_RECORD_TYPE) break;
    if (record == EXTENSION_RECORD_TYPE) {
      int code = 0;
      GifByteType *block = NULL;
      if (DGifGetExtension(file, &code, &block) != GIF_OK) { DGifCloseFile(file, &status); return -1; }
      GraphicsControlBlock control;
      if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4 &&
          DGifExtensionToGCB(block[0], block + 1, &control) == GIF_OK)
        transparent = control.TransparentColor;
      while (block) {
        if (DGifGetExtensionNext(file, &block) != GIF_OK) { DGifCloseFile(file, &status); return -1; }
      }
    }
  }
  if (DGifGetImageDesc(file) != GIF_OK) { DGifCloseFile(file, &status); return -1; }
  int frameWidth = file->Image.Width, frameHeight = file->Image.Height;
  if (frameWidth <= 0 || frameHeight <= 0) { DGifCloseFile(file, &status); return -1; }
  if ((long)frameWidth * (long)frameHeight > maxPixels) {
    *width = frameWidth;
    *height = frameHeight;
    DGifCloseFile(file, &status);
    return -2;
  }
  ColorMapObject *map = file->Image.ColorMap ? file->Image.ColorMap : file->SColorMap;
  if (!map) { DGifCloseFile(file, &status); return -1; }
  size_t count = (size_t)file->SWidth * (size_t)file->SHeight;
  unsigned char *out = (unsigned char *)malloc(count * 3);
  GifPixelType *line = (GifPixelType *)malloc((size_t)frameWidth);
  if (!out || !line) { free(out); free(line); DGifCloseFile(file, &status); return -1; }
  memset(out, 255, count * 3);
  /* The rows in the order they are stored: 0, 8, 16…; 4, 12…; 2, 6…; 1, 3… when interlaced. */
  static const int firstRow[4] = {0, 4, 2, 1}, step[4] = {8, 8, 4, 2};
  int passes = file->Image.Interlace ? 4 : 1;
  int left = file->Image.Left, top = file->Image.Top;
  for (int pass = 0; pass < passes; pass++) {
    for (int y = passes == 1 ? 0 : firstRow[pass]; y < frameHeight; y += passes == 1 ? 1 : step[pass]) {
      if (DGifGetLine(file, line, frameWidth) != GIF_OK) {
        free(out);
        free(line);
        DGifCloseFile(file, &status);
        return -1;
      }
      int sy = top + y;
      if (sy < 0 || sy >= file->SHeight) continue;
      for (int x = 0; x < frameWidth; x++) {
        int sx = left + x;
        if (sx < 0 || sx >= file->SWidth) continue;
        int index = line[x];
        if (index == transparent || index >= map->ColorCount) continue;
        unsigned char *pixel = out + ((size_t)sy * (size_t)file->SWidth + (size_t)sx) * 3;
        pixel[0] = map->Colors[index].Red;
        pixel[1] = map->Colors[index].Green;
        pixel[2] = map->Colors[index].Blue;
      }
    }
  }
  free(line);
  DGifCloseFile(file, &status);
  *pixels = out;
  return 0;
}
/* Decodes a PNG into RGB over white through libpng's simplified API, refusing an image
 * larger than `maxPixels` after reading only its header. Returns 0; -1 damaged; -2 too
 * large (size set). `*pixels` is malloc'd (free it). */
static inline int cpick_png_decode(const unsigned char *data, unsigned long length, long maxPixels,
                                   unsigned char **pixels, int *width, int *height) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, length)) { png_image_free(&image); return -1; }
  *width = (int)image.width;
  *height = (int)image.height;
  if ((long)image.width * (long)image.height > maxPixels) { png_image_free(&image); return -2; }
  image.format = PNG_FORMAT_RGB;
  unsigned char *out = (unsigned char *)malloc(PNG_IMAGE_SIZE(image));
  if (!out) { png_image_free(&image); return -1; }
  png_color white = {255, 255, 255};
  if (!png_image_finish_read(&image, &white, out, 0, NULL)) { free(out); png_image_free(&image); return -1; }
  *pixels = out;
  return 0;
}
#endif
