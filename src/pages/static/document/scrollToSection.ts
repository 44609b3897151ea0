/** Scrolls smoothly to the element with this id (a section of the page), if there is one. */
export function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}
