// A narrow C interface to libcmark (the CommonMark reference implementation) for Swift: parse,
// walk the tree with cmark's own iterator, and read the few node properties a text card needs.
// cmark.h itself stays out of Swift's sight.
#ifndef CCMARK_H
#define CCMARK_H

#include <stddef.h>

typedef struct cmark_node ccmark_node;
typedef struct cmark_iter ccmark_iter;

typedef enum {
    CCMARK_OTHER = 0,
    CCMARK_DOCUMENT,
    CCMARK_BLOCK_QUOTE,
    CCMARK_LIST,
    CCMARK_ITEM,
    CCMARK_CODE_BLOCK,
    CCMARK_HTML_BLOCK,
    CCMARK_PARAGRAPH,
    CCMARK_HEADING,
    CCMARK_THEMATIC_BREAK,
    CCMARK_TEXT,
    CCMARK_SOFTBREAK,
    CCMARK_LINEBREAK,
    CCMARK_CODE,
    CCMARK_HTML_INLINE,
    CCMARK_EMPH,
    CCMARK_STRONG,
    CCMARK_LINK,
    CCMARK_IMAGE,
} ccmark_kind;

typedef enum {
    CCMARK_EVENT_DONE = 0,
    CCMARK_EVENT_ENTER,
    CCMARK_EVENT_EXIT,
} ccmark_event;

/// Parses `length` bytes of UTF-8 (NUL bytes allowed) with CMARK_OPT_DEFAULT, which is safe (raw
/// HTML and dangerous URLs are not passed through by renderers; we never render HTML anyway) and
/// adds source positions. Returns the document node (free it with ccmark_free), NULL if out of memory.
ccmark_node *ccmark_parse(const char *text, size_t length);
void ccmark_free(ccmark_node *document);

/// A depth-first walk: each container is reported on enter and on exit, each leaf once (enter).
ccmark_iter *ccmark_iter_new(ccmark_node *root);
void ccmark_iter_free(ccmark_iter *iter);
ccmark_event ccmark_iter_next(ccmark_iter *iter);
ccmark_node *ccmark_iter_node(ccmark_iter *iter);

ccmark_kind ccmark_node_kind(ccmark_node *node);
ccmark_node *ccmark_node_parent(ccmark_node *node);
/// Text of TEXT, CODE, HTML_INLINE, HTML_BLOCK and CODE_BLOCK nodes; NULL otherwise.
const char *ccmark_node_literal(ccmark_node *node);
/// Link or image destination; NULL otherwise.
const char *ccmark_node_url(ccmark_node *node);
/// A fenced code block's info string (```diff: "diff"); NULL for any other node.
const char *ccmark_node_fence_info(ccmark_node *node);
/// 1-6 for a heading, 0 otherwise.
int ccmark_node_heading_level(ccmark_node *node);
/// 1 for an ordered list, 0 for a bullet list or any other node.
int ccmark_node_list_ordered(ccmark_node *node);
int ccmark_node_list_start(ccmark_node *node);
/// 1 for an ordered list whose numbers are written `1)`, 0 otherwise.
int ccmark_node_list_paren(ccmark_node *node);
int ccmark_node_list_tight(ccmark_node *node);
/// Number of items of a list (children of any node).
int ccmark_node_child_count(ccmark_node *node);
/// First and last source line of a block, 1-based.
int ccmark_node_start_line(ccmark_node *node);
int ccmark_node_end_line(ccmark_node *node);
/// First and last source column (byte) of a node, 1-based; of an inline node too.
int ccmark_node_start_column(ccmark_node *node);
int ccmark_node_end_column(ccmark_node *node);

#endif
