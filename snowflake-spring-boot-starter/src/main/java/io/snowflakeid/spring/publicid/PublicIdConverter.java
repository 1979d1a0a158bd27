package io.snowflakeid.spring.publicid;

import java.util.Set;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.ConditionalGenericConverter;

/**
 * Converts {@link PublicId} parameters and properties between token and id: {@code @PathVariable @PublicId Long id},
 * {@code @RequestParam @PublicId long id}, and back to text (links, {@code UriComponentsBuilder}). Applies only
 * where the annotation is, so every other {@code Long} converts as before. A token that does not decode throws the
 * codec's {@code InvalidPublicIdException}, which Spring wraps (a {@code MethodArgumentTypeMismatchException} in
 * MVC, a 400).
 */
public final class PublicIdConverter implements ConditionalGenericConverter {

	private final PublicIdCodec codec;

	public PublicIdConverter(PublicIdCodec codec) {
		this.codec = codec;
	}

	@Override
	public Set<ConvertiblePair> getConvertibleTypes() {
		return Set.of(new ConvertiblePair(String.class, Long.class), new ConvertiblePair(String.class, long.class),
				new ConvertiblePair(Long.class, String.class), new ConvertiblePair(long.class, String.class));
	}

	@Override
	public boolean matches(TypeDescriptor sourceType, TypeDescriptor targetType) {
		return (sourceType.getType() == String.class) ? targetType.hasAnnotation(PublicId.class)
				: sourceType.hasAnnotation(PublicId.class);
	}

	@Override
	public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
		if (source == null) {
			return null;
		}
		if (source instanceof String token) {
			return token.isEmpty() ? null : this.codec.decode(token.trim());
		}
		return this.codec.encode((Long) source);
	}
}
