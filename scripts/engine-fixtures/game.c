/*
 * The engine fixtures' game (scripts/engine-fixtures/build.sh): a WebGL canvas cleared to a
 * background with a moving square, one frame per animation frame. With -pthread, a worker thread
 * counts and the square turns gold once it has run, so a frame shows the thread worked.
 */
#include <emscripten.h>
#include <emscripten/html5.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#ifdef __EMSCRIPTEN_PTHREADS__
#include <pthread.h>
#include <stdatomic.h>
static atomic_int ticks_from_thread;
static void *count(void *arg) {
  for (int i = 0; i < 1000; i++) atomic_fetch_add(&ticks_from_thread, 1);
  return arg;
}
#endif

#ifndef CANVAS
#define CANVAS "#canvas"
#endif

static int frame;

static void draw(void) {
  frame++;
  int thread_ran = 1;
#ifdef __EMSCRIPTEN_PTHREADS__
  thread_ran = atomic_load(&ticks_from_thread) == 1000;
#endif
  glDisable(GL_SCISSOR_TEST);
  glClearColor(0.08f, 0.16f, 0.32f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(20 + frame % 200, 40, 80, 80);
  if (thread_ran) glClearColor(1.0f, 0.78f, 0.1f, 1.0f);
  else glClearColor(0.9f, 0.2f, 0.2f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

int main(void) {
  EmscriptenWebGLContextAttributes attributes;
  emscripten_webgl_init_context_attributes(&attributes);
  attributes.alpha = 0;
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = emscripten_webgl_create_context(CANVAS, &attributes);
  if (context <= 0) {
    printf("no WebGL context on %s\n", CANVAS);
    return 1;
  }
  emscripten_webgl_make_context_current(context);
#ifdef __EMSCRIPTEN_PTHREADS__
  pthread_t thread;
  if (pthread_create(&thread, NULL, count, NULL) != 0) printf("no thread\n");
  else pthread_detach(thread);
#endif
  printf("game started\n");
  emscripten_set_main_loop(draw, 0, 0);
  return 0;
}
