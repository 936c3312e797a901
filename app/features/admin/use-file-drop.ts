import { useState } from "react";

/** A drop zone for one file: its handlers, and whether a file is being dragged over it. */
export function useFileDrop(onFile: (file: File | undefined) => void, isDisabled = false) {
  const [isDragging, setIsDragging] = useState(false);
  const dropHandlers = {
    onDragOver(event: React.DragEvent) {
      event.preventDefault();
      setIsDragging(true);
    },
    onDragLeave() {
      setIsDragging(false);
    },
    onDrop(event: React.DragEvent) {
      event.preventDefault();
      setIsDragging(false);
      if (!isDisabled) onFile(event.dataTransfer.files[0]);
    },
  };
  return { isDragging, dropHandlers };
}
