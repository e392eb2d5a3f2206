;;; cpick.el --- insert addresses from cpick, the terminal contact picker  -*- lexical-binding: t -*-

;; Usage (init.el):
;;   (add-to-list 'load-path "/path/to/cpick/integrations/emacs")
;;   (require 'cpick)
;;   (global-set-key (kbd "C-c m") #'cpick-insert)          ; full picker in a term
;;   (add-hook 'message-mode-hook #'cpick-message-setup)     ; TAB/C-M-i in headers
;;
;; `cpick-insert' runs cpick's picker in a `term' buffer (Emacs gives no process
;; a /dev/tty of its own; a term's pty is one) and inserts the chosen mailbox,
;; "Ada Lovelace <ada@example.org>", at point.  With a prefix argument it asks for
;; the property (phone, address, ...) and inserts the plain value.
;; `cpick-insert-completing' does the same with `completing-read' over `cpick list'.
;; `cpick-completion-at-point' completes the address before point through
;; `cpick query WORD -p email --template' (each mailbox as `-f mailbox' writes it; cpick's fuzzy, accent- and pinyin-aware matching:
;; `To: maggie' TAB finds "Margaret Thornton <maggie.thornton@example.com>",
;; `To: wang' TAB "王芳 <wangfang@example.com>"; cpick's order; annotations show
;; the label and the organization), whatever `completion-styles' holds: the table's
;; category `cpick-address' uses the `cpick' style by default.  A configuration
;; that empties `completion-category-defaults' (as orderless suggests) can add
;;   (add-to-list 'completion-category-overrides '(cpick-address (styles cpick)))

;;; Code:

(require 'term)
(require 'subr-x)
(require 'cl-lib)

(defgroup cpick nil "The cpick contact picker." :group 'mail)

(defcustom cpick-program "cpick"
  "The cpick executable."
  :type 'string)

(defconst cpick-properties
  '("email" "phone" "address" "url" "im" "social" "relation" "date" "birthday" "note" "organization")
  "What `cpick -p' accepts.")

;;;; The picker in a term

(defun cpick-insert (&optional property)
  "Choose with cpick's picker and insert the result at point.
PROPERTY is email (default: inserted as a mailbox) or another of
`cpick-properties' (inserted as its value)."
  (interactive
   (list (when current-prefix-arg
           (completing-read "cpick property: " cpick-properties nil t nil nil "email"))))
  (let* ((property (or property "email"))
         (format (if (equal property "email") "mailbox" "value"))
         (out (make-temp-file "cpick"))
         (target (point-marker))
         (config (current-window-configuration))
         (command (format "%s -p %s -f %s > %s" cpick-program
                          (shell-quote-argument property) format (shell-quote-argument out)))
         (buffer (generate-new-buffer "*cpick*")))
    (switch-to-buffer buffer)
    (delete-other-windows)               ; the term takes its size from this window
    (term-mode)
    (term-exec buffer "cpick" shell-file-name nil (list "-c" command))
    (term-char-mode)
    (cpick-picker-mode 1)
    (cpick--decode-escape)
    (set-process-sentinel
     (get-buffer-process buffer)
     (lambda (process _event)
       (when (memq (process-status process) '(exit signal))
         (let ((text (with-temp-buffer
                       (insert-file-contents out)
                       (string-trim-right (buffer-string) "\n+"))))
           (delete-file out)
           (kill-buffer buffer)
           (set-window-configuration config)
           (when (and (eq (process-exit-status process) 0)
                      (not (string-empty-p text))
                      (buffer-live-p (marker-buffer target)))
             (with-current-buffer (marker-buffer target)
               (goto-char target)
               (insert (replace-regexp-in-string "\n" ", " text))))))))))

;; A single Esc.  A terminal sends Meta keys and arrows as Esc followed by more
;; characters, so a terminal Emacs reads Esc as a prefix and waits for the next key
;; ("ESC-" in the echo area): the picker would see Esc only after a second key.  In
;; the picker's term, an Esc that nothing follows within `cpick-escape-delay' is
;; decoded as <escape> (as `evil-esc-delay' does, through `input-decode-map') and
;; sent to the picker, which cancels.  Elsewhere Esc decodes as before.

(defcustom cpick-escape-delay 0.1
  "Seconds the picker's term waits after an Esc for the rest of a key.
An Esc that nothing follows within this delay goes to the picker, which
cancels; Meta keys and arrows, whose characters come together, are unaffected.
nil: Esc stays a prefix key, as in any term (Esc Esc or C-g cancels)."
  :type '(choice (const :tag "Esc is a prefix key" nil) number))

(defun cpick--send-escape ()
  "Send a single Esc to the picker."
  (interactive)
  (term-send-raw-string "\e"))

(defvar cpick-picker-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map [escape] #'cpick--send-escape)
    map)
  "Keys of `cpick-picker-mode'.")

(define-minor-mode cpick-picker-mode
  "In the term of `cpick-insert': a single Esc reaches the picker."
  :lighter nil)

(defun cpick--escape-filter (binding)
  "Esc's binding in `input-decode-map': BINDING (what it was before), except in the
picker's term for an Esc that nothing follows within `cpick-escape-delay'."
  (if (and cpick-picker-mode
           (numberp cpick-escape-delay)
           (let ((keys (this-single-command-keys)))
             (and (> (length keys) 0) (eq (aref keys (1- (length keys))) ?\e)))
           (sit-for cpick-escape-delay))
      [escape]
    binding))

(defun cpick--decode-escape ()
  "Let `cpick--escape-filter' decode Esc on this terminal (once per terminal)."
  (unless (terminal-parameter nil 'cpick-escape)
    (let ((own (catch 'own               ; Esc's entry in the map itself, not its parents
                 (dolist (entry (cdr input-decode-map))
                   (cond ((eq entry 'keymap) (throw 'own nil))
                         ((eq (car-safe entry) ?\e) (throw 'own (cdr entry))))))))
      (define-key input-decode-map [?\e]
        `(menu-item "" ,(or own (lookup-key input-decode-map [?\e]))
                    :filter cpick--escape-filter))
      (set-terminal-parameter nil 'cpick-escape t))))

;;;; Mailboxes from cpick's JSON

;; One line of `cpick query/list -p email --template' per address: the mailbox as
;; cpick writes it (`-f mailbox': quoted where RFC 5322 wants it, invisible characters
;; left out), a TAB, the label, a TAB, the organization.
(defconst cpick--template "{mailbox}\\t{label}\\t{organizationName}")

(defun cpick--candidates (&rest arguments)
  "Run cpick with ARGUMENTS: one mailbox string per email address, in cpick's order.
Each carries the text property `cpick-annotation' (label, organization)."
  (with-temp-buffer
    (when (eq 0 (apply #'call-process cpick-program nil (list t nil) nil
                       (append arguments (list "-p" "email" "--template" cpick--template))))
      (let (candidates)
        (dolist (line (split-string (buffer-string) "\n" t))
          (let ((fields (split-string line "\t")))
            (when (= (length fields) 3)
              (push (propertize (nth 0 fields) 'cpick-annotation
                                (string-join (cl-remove-if #'string-empty-p (cdr fields)) " · "))
                    candidates))))
        (nreverse candidates)))))

(defun cpick--annotate (candidate)
  (let ((annotation (get-text-property 0 'cpick-annotation candidate)))
    (if (and annotation (not (string-empty-p annotation))) (concat "  " annotation) "")))

(defun cpick-insert-completing ()
  "Insert a mailbox chosen with `completing-read' over every contact."
  (interactive)
  (let* ((candidates (cpick--candidates "list"))
         (completion-extra-properties '(:annotation-function cpick--annotate)))
    (insert (completing-read "Mail to: " candidates nil t))))

;;;; completion-at-point

;; cpick matches (fuzzy, accents, pinyin), not Emacs: "maggie" finds "Margaret
;; Thornton <maggie.thornton@example.com>", "wang" finds "王芳 <wangfang@example.com>",
;; though neither is a prefix of the mailbox.  Two pieces keep that matching:
;;
;; - The table's own answers are cpick's: for STRING, the mailboxes of
;;   `cpick query STRING'.  `try-completion' is non-nil exactly when cpick found
;;   something, so `completion-at-point's check of a non-exclusive function (a
;;   plain `try-completion' on the text, before any completion style) passes
;;   for "maggie" and fails only when cpick has nothing, leaving the text to the
;;   next function of `completion-at-point-functions'.
;; - The `cpick' completion style, the default for the table's category
;;   `cpick-address' (`completion-category-defaults'; a user's
;;   `completion-category-overrides' comes first), hands the whole text to the
;;   table and keeps every mailbox it returns, in cpick's order, whatever
;;   `completion-styles' holds (flex, substring, orderless would filter them again).

(defun cpick--style-try (string table pred point)
  "`try-completion' of the `cpick' style: what TABLE matched for STRING.
One mailbox: it replaces STRING.  Several: STRING stays (the list shows them)."
  (let ((all (all-completions string table pred)))
    (cond ((null all) nil)
          ((null (cdr all)) (if (equal (car all) string) t (cons (car all) (length (car all)))))
          (t (cons string point)))))

(defun cpick--style-all (string table pred _point)
  "`all-completions' of the `cpick' style: every mailbox TABLE matched for STRING."
  (let ((all (all-completions string table pred)))
    (and all (nconc all 0))))          ; base size 0: a choice replaces all the text

(add-to-list 'completion-styles-alist
             '(cpick cpick--style-try cpick--style-all
                     "Keep what the table matched for the whole text (cpick's own matching)."))
(add-to-list 'completion-category-defaults '(cpick-address (styles cpick)))

(defun cpick--completion-table (query)
  "A completion table of mailboxes whose matching is cpick's.
A mailbox matches STRING when `cpick query STRING' returns it; the empty string
stands for QUERY (the text at point: styles that match by themselves then filter
what cpick found).  Each query is run once per table."
  (let ((cache (make-hash-table :test 'equal)))
    (cl-labels ((matches (string)
                  (let ((query (string-trim (if (string-empty-p string) query string))))
                    (if (string-empty-p query)
                        nil
                      (let ((found (gethash query cache 'none)))
                        (if (not (eq found 'none))
                            found
                          (puthash query (cpick--candidates "query" query) cache))))))
                (known-p (string)
                  (catch 'found
                    (maphash (lambda (_query mailboxes) (when (member string mailboxes) (throw 'found t)))
                             cache)
                    nil)))
      (lambda (string pred action)
        (pcase action
          ('metadata '(metadata (category . cpick-address)
                                (annotation-function . cpick--annotate)
                                (display-sort-function . identity) ; cpick's order
                                (cycle-sort-function . identity)))
          (`(boundaries . ,_) nil)
          ('lambda (or (known-p string)
                       (and (member string (matches string)) t)))
          ('t (all-completions "" (matches string) pred))
          (_ (let ((all (all-completions "" (matches string) pred)))
               (cond ((null all) nil)
                     ((cdr all) string)               ; several: nothing to add
                     ((equal (car all) string) t)
                     (t (car all))))))))))

(defun cpick-completion-at-point ()
  "Complete the address before point (after `:' or `,') through `cpick query'."
  (let* ((end (point))
         (start (save-excursion
                  (skip-chars-backward "^:,\n")
                  (skip-chars-forward " \t" end)
                  (point)))
         (query (buffer-substring-no-properties start end)))
    (when (> (length (string-trim query)) 0)
      (list start end (cpick--completion-table query)
            :annotation-function #'cpick--annotate
            :exclusive 'no))))

(defun cpick-message-completion-at-point ()
  "`cpick-completion-at-point' in the address headers of a message."
  (when (and (fboundp 'message-point-in-header-p) (message-point-in-header-p)
             (save-excursion
               (beginning-of-line)
               (while (and (looking-at-p "[ \t]") (= 0 (forward-line -1))))
               (looking-at-p "\\(To\\|Cc\\|Bcc\\|From\\|Reply-To\\):")))
    (cpick-completion-at-point)))

(defun cpick-message-setup ()
  "For `message-mode-hook': complete addresses in headers through cpick."
  (add-hook 'completion-at-point-functions #'cpick-message-completion-at-point nil t))

(provide 'cpick)
;;; cpick.el ends here
