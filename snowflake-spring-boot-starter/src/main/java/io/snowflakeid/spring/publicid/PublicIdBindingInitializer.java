package io.snowflakeid.spring.publicid;

import java.beans.PropertyEditorSupport;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.support.WebBindingInitializer;

/**
 * Form and query binding ({@code @ModelAttribute}, command objects): a {@code @PublicId Long}/{@code long} property
 * of the bound object takes a token, wherever the annotation sits (field, getter, setter, record component) and
 * however deep the property is ({@code customer.id}, {@code lines[0].product}; see {@link PublicIdPropertyPaths}).
 * Without it, Spring's data binder converts the text with its default {@code Long} editor and would accept a raw
 * decimal id, the very thing public ids exist to prevent. The editor is registered for the property's path: a custom
 * editor wins over the defaults, and a token that does not decode is a binding error (a 400), never a fall-back to
 * the raw number. A shape no path covers (a cycle of types) fails naming the property.
 */
final class PublicIdBindingInitializer implements WebBindingInitializer {

	private final WebBindingInitializer delegate;

	private final PublicIdCodec codec;

	PublicIdBindingInitializer(WebBindingInitializer delegate, PublicIdCodec codec) {
		this.delegate = delegate;
		this.codec = codec;
	}

	@Override
	public void initBinder(WebDataBinder binder) {
		if (this.delegate != null) {
			this.delegate.initBinder(binder);
		}
		Class<?> type = (binder.getTarget() != null) ? binder.getTarget().getClass()
				: (binder.getTargetType() != null) ? binder.getTargetType().resolve() : null;
		if (type == null) {
			return;
		}
		java.util.List<PublicIdPropertyPaths.Target> targets;
		try {
			targets = PublicIdPropertyPaths.of(type);
		}
		catch (IllegalStateException ex) {
			if (binder.getTarget() == null) {
				throw ex; // a form about to be constructed and bound from request parameters
			}
			// An object that exists already: a @RequestBody read by Jackson (Spring MVC makes a binder to validate
			// it; its JSON shapes are the modules' business), or a model attribute. Nothing may be bound into it
			// from request parameters without a token editor: every conversion is refused (a binding error).
			RefusingEditor refusing = new RefusingEditor(ex.getMessage());
			binder.registerCustomEditor(Object.class, refusing);
			binder.registerCustomEditor(long.class, refusing);
			return;
		}
		for (PublicIdPropertyPaths.Target target : targets) {
			binder.registerCustomEditor(target.type(), target.path(),
					new TokenEditor(this.codec.forDomain(target.domain()), target.type() == long.class));
		}
	}

	/** Text to id through the codec; an invalid token is an IllegalArgumentException (a binding error). */
	private static final class TokenEditor extends PropertyEditorSupport {

		private final PublicIdCodec codec;

		private final boolean primitive;

		TokenEditor(PublicIdCodec codec, boolean primitive) {
			this.codec = codec;
			this.primitive = primitive;
		}

		@Override
		public void setAsText(String text) {
			// Trimmed as the argument resolver and the JSON modules trim: one rule on every path.
			text = (text != null) ? text.trim() : null;
			if (text == null || text.isEmpty()) {
				if (this.primitive) {
					throw new IllegalArgumentException("a public id is required");
				}
				setValue(null);
				return;
			}
			setValue(this.codec.decode(text));
		}

		@Override
		public String getAsText() {
			Object value = getValue();
			return (value instanceof Long id) ? this.codec.encode(id) : "";
		}
	}

	/** Refuses every conversion from text: the object has @PublicId properties no path covers. */
	private static final class RefusingEditor extends PropertyEditorSupport {

		private final String why;

		RefusingEditor(String why) {
			this.why = why;
		}

		@Override
		public void setAsText(String text) {
			throw new IllegalArgumentException(this.why);
		}

		@Override
		public String getAsText() {
			return null; // rejected values are shown as they are
		}
	}
}
