package io.snowflakeid.spring.publicid;

import java.beans.PropertyEditorSupport;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.support.WebBindingInitializer;

/**
 * Form and query binding ({@code @ModelAttribute}, command objects): a {@code @PublicId Long}/{@code long} field or
 * record component of the bound object takes a token. Without it, Spring's data binder converts the text with its
 * default {@code Long} editor and would accept a raw decimal id, the very thing public ids exist to prevent. The
 * editor is registered for the property's path: a custom editor wins over the defaults, and a token that does not
 * decode is a binding error (a 400), never a fall-back to the raw number. Top-level properties of the bound object
 * only (not nested paths).
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
		if (type.isRecord()) {
			for (RecordComponent component : type.getRecordComponents()) {
				if (component.isAnnotationPresent(PublicId.class) || fieldIsPublicId(type, component.getName())) {
					register(binder, component.getType(), component.getName(), publicId(type, component));
				}
			}
			return;
		}
		for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
			for (Field field : current.getDeclaredFields()) {
				if (field.isAnnotationPresent(PublicId.class)) {
					register(binder, field.getType(), field.getName(), field.getAnnotation(PublicId.class));
				}
			}
		}
	}

	private static boolean fieldIsPublicId(Class<?> record, String name) {
		try {
			return record.getDeclaredField(name).isAnnotationPresent(PublicId.class);
		}
		catch (NoSuchFieldException ex) {
			return false;
		}
	}

	/** The record component's annotation, or its field's. */
	private static PublicId publicId(Class<?> record, RecordComponent component) {
		PublicId publicId = component.getAnnotation(PublicId.class);
		try {
			return (publicId != null) ? publicId : record.getDeclaredField(component.getName()).getAnnotation(PublicId.class);
		}
		catch (NoSuchFieldException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private void register(WebDataBinder binder, Class<?> type, String property, PublicId publicId) {
		if (type != Long.class && type != long.class) {
			throw new IllegalStateException("@PublicId on " + property + " of a bound object: only Long and long "
					+ "properties are decoded from tokens, not " + type.getName());
		}
		binder.registerCustomEditor(type, property, new TokenEditor(this.codec.forDomain(publicId.value()), type == long.class));
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
}
