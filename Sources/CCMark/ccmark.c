#include "ccmark.h"
#include <cmark.h>

ccmark_node *ccmark_parse(const char *text, size_t length) {
    // cmark_parse_document copies the text; CMARK_OPT_SOURCEPOS has no cost worth noting and lets
    // the slide splitter find code blocks by line.
    return cmark_parse_document(text, length, CMARK_OPT_DEFAULT | CMARK_OPT_SOURCEPOS);
}

void ccmark_free(ccmark_node *document) { cmark_node_free(document); }

ccmark_iter *ccmark_iter_new(ccmark_node *root) { return cmark_iter_new(root); }
void ccmark_iter_free(ccmark_iter *iter) { cmark_iter_free(iter); }

ccmark_event ccmark_iter_next(ccmark_iter *iter) {
    switch (cmark_iter_next(iter)) {
    case CMARK_EVENT_ENTER: return CCMARK_EVENT_ENTER;
    case CMARK_EVENT_EXIT: return CCMARK_EVENT_EXIT;
    default: return CCMARK_EVENT_DONE;
    }
}

ccmark_node *ccmark_iter_node(ccmark_iter *iter) { return cmark_iter_get_node(iter); }

ccmark_kind ccmark_node_kind(ccmark_node *node) {
    switch (cmark_node_get_type(node)) {
    case CMARK_NODE_DOCUMENT: return CCMARK_DOCUMENT;
    case CMARK_NODE_BLOCK_QUOTE: return CCMARK_BLOCK_QUOTE;
    case CMARK_NODE_LIST: return CCMARK_LIST;
    case CMARK_NODE_ITEM: return CCMARK_ITEM;
    case CMARK_NODE_CODE_BLOCK: return CCMARK_CODE_BLOCK;
    case CMARK_NODE_HTML_BLOCK: return CCMARK_HTML_BLOCK;
    case CMARK_NODE_PARAGRAPH: return CCMARK_PARAGRAPH;
    case CMARK_NODE_HEADING: return CCMARK_HEADING;
    case CMARK_NODE_THEMATIC_BREAK: return CCMARK_THEMATIC_BREAK;
    case CMARK_NODE_TEXT: return CCMARK_TEXT;
    case CMARK_NODE_SOFTBREAK: return CCMARK_SOFTBREAK;
    case CMARK_NODE_LINEBREAK: return CCMARK_LINEBREAK;
    case CMARK_NODE_CODE: return CCMARK_CODE;
    case CMARK_NODE_HTML_INLINE: return CCMARK_HTML_INLINE;
    case CMARK_NODE_EMPH: return CCMARK_EMPH;
    case CMARK_NODE_STRONG: return CCMARK_STRONG;
    case CMARK_NODE_LINK: return CCMARK_LINK;
    case CMARK_NODE_IMAGE: return CCMARK_IMAGE;
    default: return CCMARK_OTHER;  // custom nodes: the parser never makes them
    }
}

ccmark_node *ccmark_node_parent(ccmark_node *node) { return cmark_node_parent(node); }

const char *ccmark_node_literal(ccmark_node *node) { return cmark_node_get_literal(node); }
const char *ccmark_node_fence_info(ccmark_node *node) {
    return cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK ? cmark_node_get_fence_info(node) : NULL;
}

const char *ccmark_node_url(ccmark_node *node) {
    cmark_node_type type = cmark_node_get_type(node);
    return type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE ? cmark_node_get_url(node) : NULL;
}

int ccmark_node_heading_level(ccmark_node *node) { return cmark_node_get_heading_level(node); }

int ccmark_node_list_ordered(ccmark_node *node) { return cmark_node_get_list_type(node) == CMARK_ORDERED_LIST; }
int ccmark_node_list_start(ccmark_node *node) { return cmark_node_get_list_start(node); }
int ccmark_node_list_paren(ccmark_node *node) { return cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM; }
int ccmark_node_list_tight(ccmark_node *node) { return cmark_node_get_list_tight(node); }

int ccmark_node_child_count(ccmark_node *node) {
    int count = 0;
    for (cmark_node *child = cmark_node_first_child(node); child; child = cmark_node_next(child)) count++;
    return count;
}

int ccmark_node_start_line(ccmark_node *node) { return cmark_node_get_start_line(node); }
int ccmark_node_end_line(ccmark_node *node) { return cmark_node_get_end_line(node); }
int ccmark_node_start_column(ccmark_node *node) { return cmark_node_get_start_column(node); }
int ccmark_node_end_column(ccmark_node *node) { return cmark_node_get_end_column(node); }
