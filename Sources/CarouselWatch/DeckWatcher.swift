// Placeholder: the watcher is being written.
