// Mantine's Modal in a chunk of its own: see LazyModal.
export { Modal } from '@mantine/core';
